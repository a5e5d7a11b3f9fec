"""Which invocation of a scope holds which element of a cooperative matrix (the profile's `coopmat.ownership`).

SPV_KHR_cooperative_matrix: a cooperative matrix is a composite whose components are spread over
the invocations of its scope; `OpCooperativeMatrixLengthKHR` gives how many each invocation
accesses, and "the mapping of components to invocations and indexes is implementation-dependent".
dxlinalg holds matrices whole (`CoopMatrix`) and applies an `OwnershipMap` only where a surface
exposes per-invocation components (Length, element access by index, fragments).

Length: every invocation of the scope gets the same Length, ceil(rows * cols / scope size). When
rows * cols is not a multiple of the scope size the last slots (invocation, index) hold no element:
padding. Padding reads as zero and writes to it are dropped (`to_fragments`, `from_fragments`,
`element_at`, `with_elements`); no instruction can tell, because none gives a padding slot a
(row, col).

The maps, one small pure function per setting, each giving `slot_of_element` (rows * cols,):
element e = row * cols + col lives in slot invocation * Length + index.
- plain: row-major elements in slot order (invocation i holds elements i*Length .. i*Length+Length-1);
- scrambled: a permutation of all slots drawn from the profile's seed and the type (so every
  matrix type, and every scope size, scrambles differently);
- nvidia_mma: the mma.sync m16n8k16 fragment maps of `dxlinalg.nvgpu.fragments` (m16n8k32 for
  8-bit components): use A tiles A's 16 x 16 map, use B B's 16 x 8 map, Accumulator C's 16 x 8 map;
  tiles in row-major order of tiles; a scope of several warps gives warp w the w-th run of
  tiles/warps consecutive tiles; a lane's index runs through a tile's registers, then its next
  tile's. Plain where the shape does not tile, the scope is not whole warps, or the tiles do not
  divide among the warps. Not yet measured on hardware: `nvidia_mma_tile` is the one place to change.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from dxlinalg.coopmat import matrix_rules as rules
from dxlinalg.coopmat.matrix_type import CoopMatrix, CoopMatType, MatrixUse
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.nvgpu import fragments
from dxlinalg.profile.model import CooperativeMatrixSettings

WARP = 32
PADDING = -1


@dataclass(frozen=True)
class OwnershipMap:
    """Where each element of one matrix type lives among `scope_size` invocations.

    `element_of_slot[invocation, index]` is the row-major element number held there, or -1 for a
    padding slot; `slot_of_element[e]` is its inverse (invocation * length + index)."""

    type: CoopMatType
    scope_size: int
    length: int
    element_of_slot: np.ndarray      # (scope_size, length) int64
    slot_of_element: np.ndarray      # (rows * cols,) int64

    @property
    def rows(self) -> np.ndarray:
        """(scope_size, length) int64: the row of each slot's element (-1: padding)."""
        return np.where(self.element_of_slot >= 0, self.element_of_slot // self.type.cols, PADDING)

    @property
    def cols(self) -> np.ndarray:
        """(scope_size, length) int64: the column of each slot's element (-1: padding)."""
        return np.where(self.element_of_slot >= 0, self.element_of_slot % self.type.cols, PADDING)

    @property
    def valid(self) -> np.ndarray:
        """(scope_size, length) bool: slots that hold an element."""
        return self.element_of_slot >= 0


def cooperative_matrix_length(matrix_type: CoopMatType, scope_size: int) -> int:
    """OpCooperativeMatrixLengthKHR: components of `matrix_type` each of `scope_size` invocations accesses."""
    return -(-matrix_type.rows * matrix_type.cols // rules.check_scope_size(scope_size, "OpCooperativeMatrixLengthKHR"))


def ownership_map(matrix_type: CoopMatType, scope_size: int, settings: CooperativeMatrixSettings) -> OwnershipMap:
    """The map the profile's `coopmat` settings choose for `matrix_type` over `scope_size` invocations."""
    if not isinstance(matrix_type, CoopMatType):
        raise InvalidArgumentError(f"ownership map: {matrix_type!r} is not a CoopMatType")
    rules.check_scope_size(scope_size, "ownership map")
    return _cached_map(matrix_type, int(scope_size), settings.ownership, int(settings.ownership_seed))


@lru_cache(maxsize=512)
def _cached_map(matrix_type: CoopMatType, scope_size: int, ownership: str, seed: int) -> OwnershipMap:
    length = cooperative_matrix_length(matrix_type, scope_size)
    if ownership == "scrambled":
        slots = scrambled_slots(matrix_type, scope_size, length, seed)
    elif ownership == "nvidia_mma" and (tiled := nvidia_mma_slots(matrix_type, scope_size)) is not None:
        slots = tiled
    else:
        slots = plain_slots(matrix_type)
    element_of_slot = np.full(scope_size * length, PADDING, np.int64)
    element_of_slot[slots] = np.arange(slots.size)
    for table in (slots, element_of_slot):
        table.flags.writeable = False
    return OwnershipMap(matrix_type, scope_size, length, element_of_slot.reshape(scope_size, length), slots)


# -- the maps: slot_of_element for each setting ----------------------------------------------------------
def plain_slots(matrix_type: CoopMatType) -> np.ndarray:
    """Row-major element e in slot e."""
    return np.arange(matrix_type.rows * matrix_type.cols, dtype=np.int64)


def scrambled_slots(matrix_type: CoopMatType, scope_size: int, length: int, seed: int) -> np.ndarray:
    """A seeded permutation of every slot, the elements taking the first rows * cols of it."""
    key = f"{matrix_type.component.name}/{int(matrix_type.scope)}/{matrix_type.rows}/{matrix_type.cols}/" \
          f"{int(matrix_type.use)}/{scope_size}"
    rng = np.random.default_rng([seed, zlib.crc32(key.encode())])
    return rng.permutation(scope_size * length)[: matrix_type.rows * matrix_type.cols].astype(np.int64)


@dataclass(frozen=True)
class TileMap:
    """One warp-level fragment map: a tile of rows x cols, `registers` elements per lane."""

    rows: int
    cols: int
    registers: int
    map: fragments.FragmentMap


def nvidia_mma_tile(matrix_type: CoopMatType) -> TileMap:
    """The mma.sync m16n8k16 (8-bit components: m16n8k32) fragment map of the matrix's use."""
    if matrix_type.component.itemsize == 1 and matrix_type.use != MatrixUse.MatrixAccumulatorKHR:
        if matrix_type.use == MatrixUse.MatrixAKHR:
            return TileMap(16, 32, 16, fragments.a_m16n8k32_b8)
        return TileMap(32, 8, 8, fragments.b_m16n8k32_b8)
    if matrix_type.use == MatrixUse.MatrixAKHR:
        return TileMap(16, 16, 8, fragments.a_m16n8k16_b16)
    if matrix_type.use == MatrixUse.MatrixBKHR:
        return TileMap(16, 8, 4, fragments.b_m16n8k16_b16)
    return TileMap(16, 8, 4, fragments.c_m16n8)


def nvidia_mma_slots(matrix_type: CoopMatType, scope_size: int) -> np.ndarray | None:
    """The tiled fragment map's slot for every element, or None where the shape or scope does not tile."""
    tile = nvidia_mma_tile(matrix_type)
    tile_rows, tile_cols = matrix_type.rows // tile.rows, matrix_type.cols // tile.cols
    warps = scope_size // WARP
    tiles = tile_rows * tile_cols
    if (matrix_type.rows % tile.rows or matrix_type.cols % tile.cols or scope_size % WARP
            or tiles % warps):
        return None
    tiles_per_warp = tiles // warps
    length = tiles_per_warp * tile.registers
    lane = np.arange(WARP, dtype=np.int64)[:, None]
    register = np.arange(tile.registers, dtype=np.int64)[None, :]
    row_in_tile, col_in_tile = (np.broadcast_to(v, (WARP, tile.registers)) for v in tile.map(lane, register))
    tile_index = np.arange(tiles, dtype=np.int64)[:, None, None]
    rows = (tile_index // tile_cols) * tile.rows + row_in_tile                    # (tiles, 32, registers)
    cols = (tile_index % tile_cols) * tile.cols + col_in_tile
    invocation = (tile_index // tiles_per_warp) * WARP + lane
    index = (tile_index % tiles_per_warp) * tile.registers + register
    slots = np.empty(matrix_type.rows * matrix_type.cols, np.int64)
    slots[(rows * matrix_type.cols + cols).reshape(-1)] = (invocation * length + index).reshape(-1)
    return slots


# -- values per invocation -------------------------------------------------------------------------------
def to_fragments(matrix: CoopMatrix, ownership: OwnershipMap) -> np.ndarray:
    """(instances, scope_size, length) of the component type: each invocation's components; padding is 0."""
    _check_map_fits(matrix, ownership, "to_fragments")
    flat = np.zeros((matrix.instances, ownership.scope_size * ownership.length), matrix.type.component)
    flat[:, ownership.slot_of_element] = matrix.values.reshape(matrix.instances, -1)
    return flat.reshape(matrix.instances, ownership.scope_size, ownership.length)


def from_fragments(fragments_: np.ndarray, ownership: OwnershipMap) -> CoopMatrix:
    """The matrices whose components the invocations hold, (instances, scope_size, length); padding ignored."""
    values = np.asarray(fragments_)
    expected = (ownership.scope_size, ownership.length)
    if values.ndim != 3 or values.shape[1:] != expected:
        raise InvalidArgumentError(
            f"from_fragments: fragments of shape {values.shape} do not fit {ownership.type} over "
            f"{ownership.scope_size} invocations; expected (instances, {expected[0]}, {expected[1]})")
    if values.dtype != ownership.type.component:
        raise InvalidArgumentError(
            f"from_fragments: fragments hold {values.dtype}; {ownership.type} holds {ownership.type.component}")
    flat = values.reshape(values.shape[0], -1)[:, ownership.slot_of_element]
    return CoopMatrix(ownership.type, flat.reshape(values.shape[0], ownership.type.rows, ownership.type.cols))


def element_at(matrix: CoopMatrix, ownership: OwnershipMap, instance: np.ndarray, invocation: np.ndarray,
               index: object, *, strict: bool = True, what: str = "OpCompositeExtract") -> np.ndarray:
    """(n,) component `index` of each (instance, invocation) pair, as a composite access reads it.

    An index outside [0, Length) is undefined behaviour (strict mode reports it; permissive reads 0)."""
    _check_map_fits(matrix, ownership, what)
    instance, invocation, index = _slot_operands(matrix, ownership, instance, invocation, index, what)
    inside = rules.check_component_index(strict, index, ownership.length, what)
    element = np.full(index.shape, PADDING, np.int64)
    element[inside] = ownership.element_of_slot[invocation[inside], index[inside]]
    out = np.zeros(index.shape, matrix.type.component)
    held = element >= 0
    out[held] = matrix.values.reshape(matrix.instances, -1)[instance[held], element[held]]
    return out


def with_elements(matrix: CoopMatrix, ownership: OwnershipMap, instance: np.ndarray, invocation: np.ndarray,
                  index: object, values: np.ndarray, *, strict: bool = True,
                  what: str = "OpCompositeInsert") -> CoopMatrix:
    """A copy of `matrix` with component `index` of each (instance, invocation) pair set to `values` (n,).

    Each pair names a distinct slot of a distinct invocation, so no two writes meet except through a
    repeated pair, where the last wins. Padding slots and (permissive) indices outside Length drop."""
    _check_map_fits(matrix, ownership, what)
    instance, invocation, index = _slot_operands(matrix, ownership, instance, invocation, index, what)
    values = np.asarray(values)
    if values.shape != index.shape or values.dtype != matrix.type.component:
        raise InvalidArgumentError(
            f"{what}: values are {values.dtype} {values.shape}; expected {matrix.type.component} {index.shape}, "
            f"one per (instance, invocation)")
    inside = rules.check_component_index(strict, index, ownership.length, what)
    element = np.full(index.shape, PADDING, np.int64)
    element[inside] = ownership.element_of_slot[invocation[inside], index[inside]]
    held = element >= 0
    flat = matrix.values.reshape(matrix.instances, -1).copy()
    flat[instance[held], element[held]] = values[held]
    return CoopMatrix(matrix.type, flat.reshape(matrix.values.shape))


def _check_map_fits(matrix: CoopMatrix, ownership: OwnershipMap, what: str) -> None:
    if not isinstance(matrix, CoopMatrix) or not isinstance(ownership, OwnershipMap):
        raise InvalidArgumentError(f"{what}: expected a CoopMatrix and an OwnershipMap, got "
                                   f"{type(matrix).__name__} and {type(ownership).__name__}")
    if matrix.type != ownership.type:
        raise InvalidArgumentError(f"{what}: the matrix is {matrix.type}, the ownership map is for {ownership.type}")


def _slot_operands(matrix: CoopMatrix, ownership: OwnershipMap, instance: object, invocation: object,
                   index: object, what: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(n,) int64 instance, invocation and index, checked against the matrix and the scope."""
    arrays = [np.asarray(v) for v in (instance, invocation, index)]
    for name, array in zip(("instance", "invocation", "index"), arrays):
        if array.dtype.kind not in "iu" or array.ndim > 1:
            raise InvalidArgumentError(f"{what}: {name} must be an integer or a 1-D integer array, got "
                                       f"{array.dtype} {array.shape}")
    instance_, invocation_, index_ = (a.astype(np.int64) for a in np.broadcast_arrays(*arrays))
    instance_, invocation_, index_ = (np.atleast_1d(a) for a in (instance_, invocation_, index_))
    if instance_.size and (instance_.min() < 0 or instance_.max() >= matrix.instances):
        raise InvalidArgumentError(f"{what}: instance numbers must lie in [0, {matrix.instances})")
    if invocation_.size and (invocation_.min() < 0 or invocation_.max() >= ownership.scope_size):
        raise InvalidArgumentError(f"{what}: invocations must lie in [0, {ownership.scope_size}), the scope's size")
    return instance_, invocation_, index_
