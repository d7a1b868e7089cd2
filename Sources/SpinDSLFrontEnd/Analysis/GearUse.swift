/// Which gear events are propagated and which are caught, over all spins of the spec.
struct GearUse {
    let gears: [GearModel]
    var propagated: Set<GearEventKey> = []
    var caught: Set<GearEventKey> = []

    init(_ model: SpecModel) {
        gears = model.gears
        for spin in model.spins {
            for rule in spin.feedbacks.flatMap(\.cases) {
                if case .gearEvent(let gear, let event) = rule.trigger {
                    caught.insert(GearEventKey(gear: gear, event: event))
                }
                if case .propagate(let gear, let event, _) = rule.action {
                    propagated.insert(GearEventKey(gear: gear, event: event))
                }
            }
            for (block, _) in Self.statechartPropagations(of: spin) {
                propagated.insert(GearEventKey(gear: block.gear, event: block.event))
            }
        }
    }

    /// The gear events a statechart's rows and entry and exit actions propagate, with where each
    /// is written.
    static func statechartPropagations(of spin: SpinModel) -> [(PropagateModel, SourceLocation)] {
        var found: [(PropagateModel, SourceLocation)] = []
        for row in spin.transitions {
            if let propagate = row.actions?.propagate { found.append((propagate, row.declaration.location)) }
        }
        for block in spin.tree.actionBlocks.flatMap(\.nested) {
            if let propagate = block.propagate { found.append((propagate, block.location)) }
        }
        return found
    }

    /// The findings located in `spin`'s rules: a propagate nobody listens to is lost, and a catch
    /// nobody feeds never fires.
    func diagnostics(for spin: SpinModel) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for rule in spin.feedbacks.flatMap(\.cases) {
            if case .propagate(let gear, let event, _) = rule.action {
                let key = GearEventKey(gear: gear, event: event)
                if !caught.contains(key) {
                    let name = self.name(key)
                    found.append(Diagnostic(.propagateNeverCaught, at: rule.declaration.location, ["event": name]))
                }
            }
            if case .gearEvent(let gear, let event) = rule.trigger {
                let key = GearEventKey(gear: gear, event: event)
                if !propagated.contains(key) {
                    let name = self.name(key)
                    found.append(Diagnostic(.caughtNeverPropagated, at: rule.declaration.location, ["event": name]))
                }
            }
        }
        for (propagate, location) in Self.statechartPropagations(of: spin) {
            let key = GearEventKey(gear: propagate.gear, event: propagate.event)
            if !caught.contains(key) {
                found.append(Diagnostic(.propagateNeverCaught, at: location, ["event": name(key)]))
            }
        }
        return found
    }

    /// `gear.event`, as written in `catch:` and `propagate:`.
    private func name(_ key: GearEventKey) -> String {
        guard gears.indices.contains(key.gear) else { return "?" }
        let gear = gears[key.gear]
        let event = gear.events.indices.contains(key.event) ? gear.events[key.event].name.text : "?"
        return "\(gear.name.text).\(event)"
    }
}
