/// Eventless rows that can never settle, as far as can be told without evaluating a guard: from a
/// reachable configuration of one active leaf, an unguarded eventless row is always taken, and
/// following such rows comes back to a configuration already passed (a targetless one comes back
/// at once). Each cycle is reported once, at the first row taken on it.
enum EventlessCycles {
    static func diagnostics(for spin: SpinModel, chart: Statechart, reach: StatechartReachability, isNeverTaken: (Int) -> Bool) -> [Diagnostic] {
        let configurations = spin.configurations
        let eventless = spin.eventlessKind
        // Per configuration, the candidate always taken without an event, or -1.
        var always = [Int](repeating: -1, count: configurations.count)
        for configuration in 0..<configurations.count where reach.reachable[configuration] && !configurations.isFinal[configuration] {
            let cellIndex = configuration &* chart.columns &+ eventless
            guard chart.groups[cellIndex].isEmpty, let first = chart.cells[cellIndex].first else { continue }
            let candidate = chart.candidates[first]
            let row = Int(candidate.row)
            guard candidate.historySlot < 0, !isNeverTaken(row), spin.transitions[row].guardExpression == nil else { continue }
            always[configuration] = first
        }
        var found: [Diagnostic] = []
        var settled = [Bool](repeating: false, count: configurations.count)
        for start in 0..<configurations.count where always[start] >= 0 && !settled[start] {
            var path: [Int] = []
            var position: [Int: Int] = [:]
            var current = start
            while always[current] >= 0, !settled[current], position[current] == nil {
                position[current] = path.count
                path.append(current)
                current = Int(chart.plans[Int(chart.candidates[always[current]].plan)].target)
            }
            if let loopStart = position[current] {
                let loop = Array(path[loopStart...])
                let row = spin.transitions[Int(chart.candidates[always[loop[0]]].row)]
                let names = (loop + [loop[0]]).map { configurations.names[$0] }
                found.append(Diagnostic(
                    .eventlessCycle, at: row.declaration.location,
                    ["cycle": names.map { "'\($0)'" }.joined(separator: " → ")]))
            }
            for configuration in path { settled[configuration] = true }
        }
        return found
    }
}
