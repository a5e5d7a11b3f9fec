"""Example applications written against the emulator: host code (d3d12api) and shaders."""
