"""Compute shaders: a Python function with HLSL's attributes and declared bindings.

    @compute_shader(numthreads=(64, 1, 1))
    def main(inputs=ByteAddressBuffer("t0"), outputs=RWByteAddressBuffer("u0"),
             params=RootConstants("b0", 2)):
        tid = SV_DispatchThreadID()[:, 0]
        ...

Each parameter is a binding: its default declares the HLSL resource type and register, or a
`groupshared(T, N)` array (`dxlinalg.gpu.groupshared_arrays`). The function runs once per chunk of
thread groups; `[WaveSize(N)]` is `wave_size=N`.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import pickle
import sys
from collections.abc import Callable
from dataclasses import dataclass, field

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.groupshared_arrays import GroupSharedDeclaration, layout_groupshared
from dxlinalg.gpu.resources import BindingDeclaration, ByteAddressBuffer, RootConstants, RWByteAddressBuffer

MAX_THREADS_PER_GROUP = 1024   # D3D12_CS_THREAD_GROUP_MAX_THREADS_COUNT
MAX_NUMTHREADS = (1024, 1024, 64)  # D3D12_CS_THREAD_GROUP_MAX_X/Y/Z


@dataclass(frozen=True)
class ComputeShader:
    """A compiled compute shader: entry function, [numthreads], optional [WaveSize], bindings, groupshared arrays."""

    function: Callable[..., None]
    numthreads: tuple[int, int, int]
    bindings: dict[str, BindingDeclaration]
    wave_size: int | None = None
    groupshared: dict[str, GroupSharedDeclaration] = field(default_factory=dict)
    #: SM 6.10 operations declared by hand (PSV0's list; `LinalgOperationUse` records); None: the SM 6.10 API
    #: derives the list from the shader (`dxlinalg.hlsl.sm610.declaration`).
    linalg_operations: tuple[object, ...] | None = None

    @property
    def name(self) -> str:
        return self.function.__name__

    def __reduce__(self) -> str | tuple[object, ...]:
        """A shader defined at module level pickles as a reference to it (the decorator replaced its function
        there), so process pools can ship a dispatch (`dxlinalg.gpu.parallel`); any other pickles by value."""
        recipe = self.__dict__.get("_recipe")
        if recipe is not None:
            return (_shader_from_recipe, recipe)
        module = sys.modules.get(getattr(self.function, "__module__", ""), None)
        qualname = getattr(self.function, "__qualname__", "")
        if module is not None and "." not in qualname and getattr(module, qualname, None) is self:
            return (_shader_at, (module.__name__, qualname))
        return (ComputeShader, (self.function, self.numthreads, self.bindings, self.wave_size, self.groupshared,
                                self.linalg_operations))

    @property
    def threads_per_group(self) -> int:
        x, y, z = self.numthreads
        return x * y * z

    @property
    def groupshared_offsets(self) -> dict[str, int]:
        """Byte offset of each groupshared array in the group's groupshared memory."""
        return layout_groupshared(self.groupshared)[0]

    @property
    def groupshared_bytes(self) -> int:
        """Groupshared memory one thread group needs (the total the D3D12 limit applies to)."""
        return layout_groupshared(self.groupshared)[1]

    def binding_for(self, key: str) -> str:
        """The binding name for a name or a register ("t0", "u1", "b0")."""
        if key in self.bindings:
            return key
        if key in self.groupshared:
            raise InvalidArgumentError(
                f"shader {self.name!r}: {key!r} is a groupshared array; each thread group gets its own, "
                f"nothing is bound to it")
        for name, declaration in self.bindings.items():
            if declaration.register == key:
                return name
        raise InvalidArgumentError(
            f"shader {self.name!r} declares no binding named or at register {key!r} "
            f"(it has {', '.join(f'{n}:{d.register}' for n, d in self.bindings.items()) or 'none'})")


def shader_factory(factory: Callable[..., ComputeShader]) -> Callable[..., ComputeShader]:
    """Decorator for a module-level function that builds shaders (`#define`s as arguments): each shader it returns
    pickles as the factory and its arguments, so a process pool can run a dispatch of it (`dxlinalg.gpu.parallel`);
    a worker calls the factory again, once per arguments."""
    @functools.wraps(factory)
    def build(*args: object, **kwargs: object) -> ComputeShader:
        shader = factory(*args, **kwargs)
        object.__setattr__(shader, "_recipe", (factory.__module__, factory.__qualname__, args, kwargs))
        return shader
    return build


_built: dict[bytes, ComputeShader] = {}


def _shader_from_recipe(module: str, name: str, args: tuple[object, ...], kwargs: dict[str, object]) -> ComputeShader:
    """The shader a `shader_factory` builds from these arguments (how such a shader unpickles), built once."""
    key = pickle.dumps((module, name, args, kwargs))
    if key not in _built:
        _built[key] = getattr(importlib.import_module(module), name)(*args, **kwargs)
    return _built[key]


def _shader_at(module: str, name: str) -> ComputeShader:
    """The module-level shader `module.name` (how a module-level ComputeShader unpickles)."""
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


def compute_shader(*, numthreads: tuple[int, int, int], wave_size: int | None = None,
                   linalg_operations: object = None) -> Callable[[Callable[..., None]], ComputeShader]:
    """Decorator: `[numthreads(x, y, z)] [WaveSize(n)]` on a Python entry function. `linalg_operations` declares an
    SM 6.10 shader's operations by hand (checked when a pipeline is created) instead of deriving them."""
    threads = tuple(int(n) for n in numthreads)
    if len(threads) != 3 or any(n < 1 for n in threads):
        raise InvalidArgumentError(f"numthreads {numthreads} must be three positive counts")
    if any(n > limit for n, limit in zip(threads, MAX_NUMTHREADS)) or \
            threads[0] * threads[1] * threads[2] > MAX_THREADS_PER_GROUP:
        raise InvalidArgumentError(
            f"numthreads {threads} exceeds D3D12 limits: x, y <= 1024, z <= 64, x*y*z <= 1024")
    if wave_size is not None and (wave_size < 4 or wave_size > 128 or wave_size & (wave_size - 1)):
        raise InvalidArgumentError(f"WaveSize({wave_size}) must be a power of two in [4, 128] (SM 6.6)")

    def decorate(function: Callable[..., None]) -> ComputeShader:
        bindings, shared = _parameters_of(function)
        declared = tuple(linalg_operations) if isinstance(linalg_operations, (list, tuple)) else linalg_operations
        return ComputeShader(function, threads, bindings, wave_size, shared, declared)  # type: ignore[arg-type]

    return decorate


def _parameters_of(function: Callable[..., None]) -> tuple[dict[str, BindingDeclaration],
                                                           dict[str, GroupSharedDeclaration]]:
    bindings: dict[str, BindingDeclaration] = {}
    shared: dict[str, GroupSharedDeclaration] = {}
    registers: dict[str, str] = {}
    for name, parameter in inspect.signature(function).parameters.items():
        declaration = parameter.default
        if isinstance(declaration, GroupSharedDeclaration):
            shared[name] = declaration
            continue
        if not isinstance(declaration, (ByteAddressBuffer, RWByteAddressBuffer, RootConstants)):
            raise InvalidArgumentError(
                f"shader parameter {name!r} needs a binding default such as ByteAddressBuffer('t0'), "
                f"RWByteAddressBuffer('u0') or RootConstants('b0', count), or a groupshared(T, N) array")
        register = declaration.register
        if len(register) < 2 or register[0] != declaration.register_class or not register[1:].isdigit():
            raise InvalidArgumentError(
                f"binding {name!r}: {type(declaration).__name__} goes in a {declaration.register_class}# "
                f"register, not {register!r}")
        if register in registers:
            raise InvalidArgumentError(f"bindings {registers[register]!r} and {name!r} share register {register}")
        registers[register] = name
        bindings[name] = declaration
    return bindings, shared
