/// RFC 8628 §3.2 `device_code`: the device's half of a device authorization, a bearer secret until it
/// is exchanged (§5.2). It lives only in memory, for the life of one `DeviceSignInSession`.
public enum DeviceCodeKind: SecretKind {}

/// RFC 8628 §3.2 device verification code.
public typealias DeviceCode = Secret<DeviceCodeKind>
