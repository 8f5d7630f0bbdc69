/// What a provider sign-in is for, from the shell's button or flag to the account operation it ends in
/// (Firebase's `signIn(with:)`, `User.link(with:)`, `User.reauthenticate(with:)`). It is stored with the
/// pending request, so whichever process completes the redirect applies the same operation.
public enum SignInIntent: String, Sendable, Codable, CaseIterable {
  case signIn
  case link
  case reauthenticate
}
