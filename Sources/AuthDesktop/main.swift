import AuthEngine
import Foundation

// The window and the command line are built on the engine in later work; until then the executable
// says so instead of pretending to sign anyone in.
let message = """
  auth-desktop 0.1.0 (\(AppSettings.appID))
  The sign-in engine is ready; the window and the command line are not built yet.
  Run the tests with scripts/test.

  """
FileHandle.standardError.write(Data(message.utf8))
exit(CommandLine.arguments.count > 1 ? 2 : 0)
