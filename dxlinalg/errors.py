"""Exception hierarchy: every rule violation names the argument, the rule and the values."""


class DxLinalgError(Exception):
    """Base class of every error raised by dxlinalg."""


class InvalidArgumentError(DxLinalgError, ValueError):
    """An argument breaks a rule of the spec (a shader would fail to compile or validate)."""


class UndefinedBehaviorError(DxLinalgError):
    """The spec calls the behaviour undefined; strict mode reports it instead of guessing."""


class UnsupportedError(DxLinalgError):
    """The implementation (device profile) does not report support for this combination."""
