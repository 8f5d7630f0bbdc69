/// What the account-exists page offers: a button per method of the existing account. Normally each
/// signs in with that method and links the waiting provider ("Sign in with GitHub and link"). When the
/// account already has the waiting provider (another account at the same provider: the same email at
/// two OpenID identities), nothing can be linked — one account per provider — so each only signs in
/// ("Continue with OpenID Connect"), and the hint says why.
struct ConflictOffers: Equatable {
  struct Offer: Equatable {
    /// A provider id, or `password`.
    var method: String
    var title: String
    /// Whether the button links the waiting provider after the sign-in.
    var links: Bool
  }

  var offers: [Offer]
  var hint: String

  init(methods: [String], providerID: String) {
    let links = !methods.contains(providerID)
    let provider = WindowText.providerTitle(providerID)
    offers = methods.map { method in
      let title = WindowText.providerTitle(method)
      return Offer(
        method: method, title: links ? WindowText.signInAndLink(title) : WindowText.continueWith(title), links: links)
    }
    hint = links ? WindowText.conflictHint(provider) : WindowText.conflictAlreadyLinked(provider)
  }
}
