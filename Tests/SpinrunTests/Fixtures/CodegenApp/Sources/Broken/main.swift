// Never runs: its spec (levels.spin.yaml) has an unknown event, so its build fails.
print(Levels.specName)
