"""The console script's subcommands (the top floor: they may use d3d12api and the samples)."""
