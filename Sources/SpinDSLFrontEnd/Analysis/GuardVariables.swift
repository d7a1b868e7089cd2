/// The variables of the guards of one spin, numbered: data and payload fields, the control state,
/// and each opaque condition (a comparison of strings, doubles, sums, …), which the analysis
/// treats as a bool of its own, known only to equal itself.
struct GuardVariables {
    /// What a variable is.
    enum Variable: Hashable {
        case data(Int)
        case event(Int)
        case controlState
        case condition(TypedExpression)
    }

    /// The number of the control state, the same in every spin.
    static let controlState = 0

    private var numbers: [Variable: Int] = [.controlState: GuardVariables.controlState]

    /// The number of `variable`, given one the first time it is asked for.
    mutating func number(_ variable: Variable) -> Int {
        if let number = numbers[variable] { return number }
        let number = numbers.count
        numbers[variable] = number
        return number
    }
}
