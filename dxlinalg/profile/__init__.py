"""Device profiles: what an implementation chooses where the spec leaves it open."""
