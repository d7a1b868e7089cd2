import SpinDSLFrontEnd

/// An event to emit with its payload expressions compiled, in the event's field order.
package typealias EmitCode = Emit<CompiledExpression>

extension Emit where Expression == CompiledExpression {
    /// The event, its payload evaluated on `state` (and `gearPayload`, the caught message's
    /// fields), each value converted to its field's type in `fields`; a `.failure` event when an
    /// expression fails.
    package func make(
        fields: [ValueType], state: SpecState, gearPayload: [SpinValue], maxStringBytes: Int = SpecRunOptions.defaultMaxStringBytes
    ) -> SpecEvent {
        if payload.isEmpty { return SpecEvent(kind: event) }
        do throws(EvaluationError) {
            let context = EvaluationContext(data: state.data, event: gearPayload, state: state.control, maxStringBytes: maxStringBytes)
            var values: [SpinValue] = []
            values.reserveCapacity(payload.count)
            for (index, expression) in payload.enumerated() {
                values.append(try expression.evaluate(as: fields[index], context))
            }
            return SpecEvent(kind: event, payload: values)
        } catch {
            return .failure(SpecFault(error))
        }
    }
}
