import SpinDSLFrontEnd

extension ValueType {
    /// What a value given for this type must be, in messages about inputs: `an int`,
    /// `a duration such as "1.5s"`, `one of "heat", "cool", "off"`.
    public var inputDescription: String {
        switch self {
        case .int: return "an int"
        case .double: return "a double"
        case .bool: return "a bool"
        case .string: return "a string"
        case .duration: return "a duration such as \"1.5s\""
        case .enumeration(let enumType): return "one of " + enumType.cases.map { "\"\($0)\"" }.joined(separator: ", ")
        }
    }
}
