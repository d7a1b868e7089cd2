import SpinDSLFrontEnd
import SpinDSLRunner

/// The inputs a state's moves send: every input event with every payload of its fields' domains,
/// and the bound on how many there may be.
extension Explorer {
    /// Every input event of `spin` with every payload of its fields' domains (the first field
    /// varies slowest).
    static func inputEvents(of spin: SpinModel) -> [SpecEvent] {
        var events: [SpecEvent] = []
        for (kind, event) in spin.events.enumerated() where event.isInput {
            var payloads: [[SpinValue]] = [[]]
            for (index, field) in event.fields.enumerated() {
                let domain = Self.domain(field.type, values: index < event.payloadValues.count ? event.payloadValues[index] : nil)
                payloads = payloads.flatMap { prefix in domain.map { prefix + [$0] } }
            }
            events.append(contentsOf: payloads.map { SpecEvent(kind: kind, payload: $0) })
        }
        return events
    }

    /// How many payloads `event` has: the product of its fields' numbers of values (nil past
    /// `Int.max`).
    static func payloadCount(of event: EventModel) -> Int? {
        var count = 1
        for (index, field) in event.fields.enumerated() {
            let values = index < event.payloadValues.count ? event.payloadValues[index] : nil
            let (product, overflow) = count.multipliedReportingOverflow(by: domain(field.type, values: values).count)
            if overflow { return nil }
            count = product
        }
        return count
    }

    /// Whether `event` has more payloads than `limit` (the one rule `SpecChecker.problems` reports
    /// and the search refuses by).
    static func hasTooManyPayloads(_ event: EventModel, limit: Int) -> Bool {
        payloadCount(of: event).map { $0 > limit } ?? true
    }

    /// The values an input's payload field takes: its `values`, or every bool or enum value.
    static func domain(_ type: ValueType, values: [SpinValue]?) -> [SpinValue] {
        if let values { return values }
        switch type {
        case .bool: return [.bool(false), .bool(true)]
        case .enumeration(let enumType): return enumType.cases.indices.map { .symbol($0) }
        default: return []
        }
    }
}
