import CGio

/// A GVariant type made from `text`, for the length of `body`. `g_variant_type_checked_` (C's
/// `G_VARIANT_TYPE`) only casts the text it is given, and a Swift string's C text lasts only as long
/// as the call it is passed to (a small string is copied to the stack for it): a type made by one call
/// and used by the next points at memory that is gone. That made the bus's credentials call read its
/// reply type from dead memory, and fail now and then.
public func withVariantType<Result>(_ text: String, _ body: (OpaquePointer?) throws -> Result) rethrows -> Result {
  try text.withCString { try body(g_variant_type_checked_($0)) }
}
