import SpinDSLFrontEnd

/// The value a `changes` rule watches, compared by value only (a fault of evaluating it is a value
/// too, so that it is emitted rather than taken for a missing value); the state rides along so
/// that the action sees the state that changed it.
package struct WatchedValue: Equatable, Sendable {
    let state: SpecState
    let value: Result<SpinValue, SpecFault>

    init(state: SpecState, watched: CompiledExpression, maxStringBytes: Int) {
        self.state = state
        do throws(EvaluationError) {
            value = .success(try watched.evaluate(state.context(maxStringBytes)))
        } catch {
            value = .failure(SpecFault(error))
        }
    }

    /// The fault of evaluating the watched expression, if any.
    var fault: SpecFault? {
        if case .failure(let fault) = value { return fault }
        return nil
    }

    /// Whether a `changes` rule with `condition` acts on a change to `state` (a send's rule acts
    /// only on a change to pending: `Sends`), or the fault of evaluating the condition.
    package static func acts(_ condition: CompiledExpression?, on state: SpecState, maxStringBytes: Int) -> Result<Bool, SpecFault> {
        guard let condition else { return .success(true) }
        do throws(EvaluationError) {
            return .success(try condition.evaluateBool(state.context(maxStringBytes)))
        } catch {
            return .failure(SpecFault(error))
        }
    }

    package static func == (lhs: WatchedValue, rhs: WatchedValue) -> Bool {
        lhs.value == rhs.value
    }
}
