/// The names any client of AuthDesktop's session-bus service relies on (docs/dbus-interface.md), and the
/// introspection data it exports, which `data/dev.authdesktop.AuthDesktop.Accounts.xml` and
/// `data/dev.authdesktop.AuthDesktop.Request1.xml` describe for clients (`AccountsServiceInterfaceTests`
/// checks the two agree).
public enum AccountsBus {
  public static let busName = "dev.authdesktop.AuthDesktop.Accounts"
  public static let objectPath = "/dev/authdesktop/AuthDesktop/Accounts"
  public static let webAuthenticationInterface = "dev.authdesktop.AuthDesktop.WebAuthentication1"
  public static let accountsInterface = "dev.authdesktop.AuthDesktop.Accounts1"
  public static let requestInterface = "dev.authdesktop.AuthDesktop.Request1"
  public static let errorPrefix = "dev.authdesktop.AuthDesktop.Error."

  /// `…/request/SENDER/TOKEN`: the caller's unique name without its `:` and with `.` as `_`, as
  /// xdg-desktop-portal names its request objects, so a client can subscribe to `Response` before it calls.
  public static func requestPath(sender: String, token: String) -> String {
    "\(objectPath)/request/\(pathElement(sender))/\(token)"
  }

  /// `…/session/SENDER/TOKEN`, likewise.
  public static func sessionPath(sender: String, token: String) -> String {
    "\(objectPath)/session/\(pathElement(sender))/\(token)"
  }

  static func pathElement(_ sender: String) -> String {
    String(sender.drop { $0 == ":" }).replacingOccurrences(of: ".", with: "_")
  }

  /// A `handle_token`: one object-path element (ASCII letters, digits, `_`), at most 64 characters.
  public static func isValidToken(_ token: String) -> Bool {
    (1...64).contains(token.utf8.count)
      && token.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
      }
  }

  static let serviceXML = """
    <node>
      <interface name="\(webAuthenticationInterface)">
        <method name="CreateSession">
          <arg type="a{sv}" name="options" direction="in"/>
          <arg type="o" name="session" direction="out"/>
          <arg type="s" name="redirect_uri" direction="out"/>
        </method>
        <method name="Authenticate">
          <arg type="o" name="session" direction="in"/>
          <arg type="s" name="parent_window" direction="in"/>
          <arg type="s" name="url" direction="in"/>
          <arg type="a{sv}" name="options" direction="in"/>
          <arg type="o" name="request" direction="out"/>
        </method>
        <method name="CloseSession">
          <arg type="o" name="session" direction="in"/>
        </method>
      </interface>
      <interface name="\(accountsInterface)">
        <method name="RequestAccount">
          <arg type="s" name="parent_window" direction="in"/>
          <arg type="s" name="provider" direction="in"/>
          <arg type="as" name="scopes" direction="in"/>
          <arg type="a{sv}" name="options" direction="in"/>
          <arg type="o" name="request" direction="out"/>
        </method>
        <method name="GetAccessToken">
          <arg type="s" name="account" direction="in"/>
          <arg type="a{sv}" name="options" direction="in"/>
          <arg type="s" name="token" direction="out"/>
          <arg type="x" name="expires_unix" direction="out"/>
        </method>
        <method name="GetIdToken">
          <arg type="s" name="account" direction="in"/>
          <arg type="a{sv}" name="options" direction="in"/>
          <arg type="s" name="token" direction="out"/>
          <arg type="x" name="expires_unix" direction="out"/>
        </method>
        <method name="ListAccounts">
          <arg type="aa{sv}" name="accounts" direction="out"/>
        </method>
        <method name="Release">
          <arg type="s" name="account" direction="in"/>
        </method>
      </interface>
    </node>
    """

  static let requestXML = """
    <node>
      <interface name="\(requestInterface)">
        <method name="Close"/>
        <signal name="Response">
          <arg type="u" name="response"/>
          <arg type="a{sv}" name="results"/>
        </signal>
      </interface>
    </node>
    """
}
