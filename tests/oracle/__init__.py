"""Slow, literal definitions that the fast paths are tested against."""
