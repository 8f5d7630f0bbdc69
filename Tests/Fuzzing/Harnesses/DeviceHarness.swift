import Foundation

@testable import AuthEngine

/// RFC 8628 answers: the device authorization response (§3.2), read and turned into the prompt the
/// user sees, and a poll's answer (§3.5), as JSON, form or text, under several statuses.
enum DeviceHarness {
  static func run(_ data: Data) {
    let input = FuzzInput(data, variants: 12)
    let response = FuzzFixtures.response(input.body, kind: input.variant / 2)
    if input.variant % 2 == 0 {
      guard let answer = try? DeviceAuthorizationResponse.interpret(response) else { return }
      let prompt = answer.prompt(receivedAt: FuzzFixtures.clock.now())
      _ = prompt.description
      _ = DevicePoller(clock: FuzzFixtures.clock, expiresAt: prompt.expiresAt, interval: answer.interval)
      _ = DevicePoller.duration(answer.interval)
    } else {
      switch try? DevicePollAnswer.of(response) {
      case .slowDown(let interval?)?: _ = DevicePoller.duration(interval + DevicePoller.slowDownStep)
      case .token(let tokens)?: _ = tokens.expiresIn.map { FuzzFixtures.clock.now() + $0 }
      default: break
      }
    }
  }
}
