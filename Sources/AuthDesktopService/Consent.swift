import AuthDesktopApp
import AuthDesktopKit
import Foundation

/// What the user is asked before AuthDesktop acts for an app, in the app's words.
public struct ConsentQuestion: Sendable, Equatable {
  public let caller: CallerIdentity
  /// "Notes wants to sign you in at github.com".
  public let title: String
  /// What allowing does, and for an unsandboxed program that this is the user's choice, not a wall.
  public let body: String
  public let parentWindow: ParentWindow
  public let activationToken: String?
  /// For `RequestAccount`: the provider, the scopes and the accounts to choose from
  /// (`ConsentQuestion.account`); nil for a web sign-in.
  public var account: AccountQuestion? = nil

  /// The question for a web sign-in at `host`.
  public static func webSignIn(
    caller: CallerIdentity, host: String, parentWindow: ParentWindow, activationToken: String?
  ) -> ConsentQuestion {
    let app = caller.displayName
    var body = tr(
      "Your web browser will open {host}. What you do there is shared with {app} only.", ["host": host, "app": app])
    if !caller.isSandboxed {
      body += "\n\n" + tr("{app} is not sandboxed: it could reach your accounts without asking.", ["app": app])
    }
    return ConsentQuestion(
      caller: caller, title: tr("{app} wants to sign you in at {host}", ["app": app, "host": host]), body: body,
      parentWindow: parentWindow, activationToken: activationToken)
  }
}

public enum ConsentDecision: Sendable, Equatable {
  case allow
  case deny
  /// An account question's Allow, with the account chosen (one of `AccountQuestion.candidates`).
  case allowAccount(uid: String)
  /// An account question's "Add account": sign in to the provider first, then ask again with the new
  /// account chosen.
  case addAccount
}

/// Who asks the user: the window's dialog (`ConsentDialog`), or an in-memory answer in tests. `decide`
/// shows one question and returns the user's answer; when its task is cancelled (the app closed the
/// request or left the bus), it takes the question away and returns `.deny`.
public protocol ConsentProvider: Sendable {
  func decide(_ question: ConsentQuestion) async -> ConsentDecision
}

/// Answers every question with `answer`, and records them (tests). An account question's `.allow` is
/// `.allowAccount` of its first candidate (the one the dialog preselects), or `.deny` when it has none;
/// `choosing` answers account questions as a test says (one of two accounts, "Add account").
public actor FixedConsent: ConsentProvider {
  public let answer: ConsentDecision
  private let choose: (@Sendable (AccountQuestion) -> ConsentDecision)?
  public private(set) var asked: [ConsentQuestion] = []

  public init(_ answer: ConsentDecision) {
    self.answer = answer
    choose = nil
  }

  /// `.allow` for a web sign-in; `choose`'s answer for an account question.
  public init(choosing choose: @escaping @Sendable (AccountQuestion) -> ConsentDecision) {
    answer = .allow
    self.choose = choose
  }

  public func decide(_ question: ConsentQuestion) async -> ConsentDecision {
    asked.append(question)
    guard let account = question.account else { return answer }
    if let choose { return choose(account) }
    guard answer == .allow else { return answer }
    return account.candidates.first.map { .allowAccount(uid: $0.uid) } ?? .deny
  }
}

/// One question at a time, in the order the requests came: a request takes its place (`reserve`) before
/// its method returns, and its question waits until every earlier one was answered or withdrawn. A
/// request whose task is cancelled (Close, the caller leaving) leaves its place, shown or not.
actor ConsentQueue {
  private let provider: any ConsentProvider
  private var order: [UUID] = []
  private var waiting: [UUID: CheckedContinuation<Void, Never>] = [:]

  init(provider: any ConsentProvider) { self.provider = provider }

  /// A place at the end of the queue.
  func reserve() -> UUID {
    let ticket = UUID()
    order.append(ticket)
    return ticket
  }

  /// The user's answer to `question` once `ticket` is first, or nil when the task was cancelled first.
  /// With an answer the place is kept until `release`, so that what follows the answer (the Response of a
  /// refusal) happens before the next question: requests are answered in their order.
  func ask(_ question: ConsentQuestion, ticket: UUID) async -> ConsentDecision? {
    guard !Task.isCancelled, order.contains(ticket) else {
      withdraw(ticket)
      return nil
    }
    if order.first != ticket {
      await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          if Task.isCancelled { continuation.resume() } else { waiting[ticket] = continuation }
        }
      } onCancel: {
        Task { await self.withdraw(ticket) }
      }
    }
    guard !Task.isCancelled, order.first == ticket else {
      withdraw(ticket)
      return nil
    }
    let decision = await provider.decide(question)
    if Task.isCancelled {
      withdraw(ticket)
      return nil
    }
    return decision
  }

  /// Gives the place up after an answer.
  func release(_ ticket: UUID) { withdraw(ticket) }

  /// Leaves the queue; the next question is shown when this one was.
  private func withdraw(_ ticket: UUID) {
    guard let index = order.firstIndex(of: ticket) else { return }
    order.remove(at: index)
    waiting.removeValue(forKey: ticket)?.resume()
    if index == 0, let next = order.first { waiting.removeValue(forKey: next)?.resume() }
  }
}
