import AuthDesktopApp
import Testing

/// `OnceValue`: the first `set` wins, and a waiter gets it whether it waited before or after.
@Suite struct OnceValueTests {
  @Test func theFirstSetWinsAndEveryWaiterGetsIt() async {
    let value = OnceValue<Int32>()
    #expect(value.current == nil)
    async let early = value.value
    async let alsoEarly = value.value
    #expect(value.set(2))
    #expect(!value.set(15))
    #expect(value.current == 2)
    #expect(await early == 2)
    #expect(await alsoEarly == 2)
    #expect(await value.value == 2)
  }

  @Test func aValueThatIsItselfOptionalCanBeSetToNil() async {
    let value = OnceValue<String?>()
    #expect(value.set(nil))
    #expect(!value.set("later"))
    #expect(await value.value == nil)
  }
}
