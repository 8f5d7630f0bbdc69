/// A process's AppArmor label (`/proc/PID/attr/current`, or `apparmor/current` on newer kernels), which
/// snapd sets for every process of a snap: `snap.NAME.APP (enforce)`, `snap.NAME.hook.HOOK (complain)`.
/// The kernel sets it and the confined process cannot change it to another snap's.
public enum AppArmorLabel {
  /// The snap's name, or nil for any other label (`unconfined`, a profile of another kind) or a
  /// malformed one.
  public static func snapName(_ label: String) -> String? {
    var text = Substring(label)
    while let last = text.last, last == "\n" || last == "\0" { text = text.dropLast() }
    // The mode follows the profile's name after a space: "(enforce)", "(complain)", "(kill)".
    if let space = text.lastIndex(of: " ") {
      let mode = text[text.index(after: space)...]
      guard mode.first == "(", mode.last == ")" else { return nil }
      text = text[..<space]
    }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 3, parts[0] == "snap", validSnapName(parts[1]), parts.dropFirst(2).allSatisfy({ !$0.isEmpty })
    else { return nil }
    return String(parts[1])
  }

  /// snapd's rule: 1 to 40 characters, lowercase ASCII letters, digits and `-`, at least one letter, no
  /// `-` at either end or twice in a row. An instance key (`NAME_KEY`) is kept with the name.
  static func validSnapName(_ name: Substring) -> Bool {
    let base = name.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
    guard let snap = base.first, (1...40).contains(snap.count), !snap.hasPrefix("-"), !snap.hasSuffix("-"),
      !snap.contains("--"), snap.contains(where: { ("a"..."z").contains($0) })
    else { return false }
    let instance = base.count > 1 ? base[1] : "x"
    return snap.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
      && (1...10).contains(instance.count)
      && instance.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
  }
}
