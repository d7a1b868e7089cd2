import SpinDSLFrontEnd

extension SpinValue {
    /// Whether the value is of `type`.
    func fits(_ type: ValueType) -> Bool {
        switch (self, type) {
        case (.int, .int), (.double, .double), (.bool, .bool), (.string, .string), (.duration, .duration): return true
        case (.symbol(let index), .enumeration(let enumType)): return index >= 0 && index < enumType.cases.count
        default: return false
        }
    }
}
