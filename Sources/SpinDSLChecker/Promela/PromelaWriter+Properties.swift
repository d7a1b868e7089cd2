import SpinDSLFrontEnd
import SpinDSLRunner

/// A spin's `properties` as SPIN's `ltl` blocks: the same formulas over the same states, so that
/// `pan -a -N NAME` checks what `spinrun --check` checks (docs/checking.md, "Properties").
extension PromelaWriter {
    /// The `ltl` block's name of property `name` of spin `spin`: the name itself in a spec of one
    /// spin, `Spin_name` in one of several.
    func ltlName(spin: Int, _ name: String) -> String {
        Self.identifier(model.spins.count == 1 ? name : model.spins[spin].name.text + "_" + name)
    }

    /// `formula` in SPIN's LTL syntax, each atom its Promela expression; nil when an atom has none.
    func ltl(_ property: PropertyModel, spin: Int) -> String? {
        var atoms: [String] = []
        for atom in property.atoms {
            guard let text = expression(atom, spin: spin, event: []) else { return nil }
            atoms.append(text)
        }
        func go(_ formula: TemporalFormula) -> String {
            switch formula {
            case .atom(let index): return atoms.indices.contains(index) ? "(\(atoms[index]))" : "true"
            case .not(let p): return "!(\(go(p)))"
            case .and(let p, let q): return "(\(go(p)) && \(go(q)))"
            case .or(let p, let q): return "(\(go(p)) || \(go(q)))"
            case .implies(let p, let q): return "(\(go(p)) -> \(go(q)))"
            case .always(let p): return "([] \(go(p)))"
            case .eventually(let p): return "(<> \(go(p)))"
            case .until(let p, let q): return "(\(go(p)) U \(go(q)))"
            case .leadsTo(let p, let q): return "([] (\(go(p)) -> (<> \(go(q)))))"
            }
        }
        return go(property.formula)
    }

    /// The `ltl` blocks of every spin's properties. Fairness of inputs is not SPIN's fairness of
    /// processes (the model is one process): a spec with `fairness` has its properties written
    /// as comments, which say so.
    mutating func properties() {
        let fair = model.spins.contains { !$0.fairness.weak.isEmpty || !$0.fairness.strong.isEmpty }
        for (spinIndex, spin) in model.spins.enumerated() {
            for property in spin.properties {
                guard let formula = ltl(property, spin: spinIndex) else { continue }
                let block = "ltl \(ltlName(spin: spinIndex, property.name.text)) { \(formula) }"
                if fair {
                    line("/* not checked as written: the spec's fairness of inputs is no fairness of SPIN's (one process)")
                    line("   \(Self.comment(block)) */")
                } else {
                    line(block)
                }
            }
        }
    }
}
