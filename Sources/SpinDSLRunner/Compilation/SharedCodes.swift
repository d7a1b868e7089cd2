import SpinDSLFrontEnd

/// What a table made for each `SharedExpression`, so that the rows sharing one share it too.
///
/// Keyed by the object's identity, so the expressions must outlive this map. Neighbouring rows
/// usually repeat one expression: the last one looked up is compared before hashing.
struct SharedCodes<Value> {
    private var values: [ObjectIdentifier: Value] = [:]
    private var last: (key: ObjectIdentifier, value: Value)?

    /// The value made for `expression`, made by `make` the first time it is asked for.
    mutating func value(for expression: SharedExpression, make: (SharedExpression) -> Value) -> Value {
        let key = ObjectIdentifier(expression)
        if let last, last.key == key { return last.value }
        let value: Value
        if let found = values[key] {
            value = found
        } else {
            value = make(expression)
            values[key] = value
        }
        last = (key, value)
        return value
    }
}
