"""Which invocation of a scope holds which element of a cooperative matrix (the profile's `coopmat.ownership`).

SPV_KHR_cooperative_matrix: a cooperative matrix is a composite whose components are spread over
the invocations of its scope; `OpCooperativeMatrixLengthKHR` gives how many each invocation
accesses, and "the mapping of components to invocations and indexes is implementation-dependent".
dxlinalg holds matrices whole (`CoopMatrix`) and applies an `OwnershipMap` only where a surface
exposes per-invocation components (Length, element access by index, fragments).

Length: every invocation of the scope gets the same Length, ceil(rows * cols / scope size) where
each element is held once. When rows * cols is not a multiple of the scope size the last slots
(invocation, index) hold no element: padding. Padding reads as zero and writes to it are dropped
(`to_fragments`, `from_fragments`, `element_at`, `with_elements`); no instruction can tell, because
none gives a padding slot a (row, col).

The maps, one small pure function per setting:
- plain: row-major elements in slot order (invocation i holds elements i*Length .. i*Length+Length-1);
- scrambled: a permutation of all slots drawn from the profile's seed and the type (so every
  matrix type, and every scope size, scrambles differently);
- nvidia_mma: what the H100 showed (docs/hardware-nvidia-h100-coopmat.md): mma.sync's m16n8k16
  fragment (m16n8k32 for 8-bit A and B) repeated over a warp's tile, k blocks first, then row (A,
  Accumulator) or column (B) blocks. A scope of 2, 4 or 8 warps splits the matrix on a grid of 1x2,
  2x2 or 2x4 warps: each warp holds its cell of an Accumulator, its grid row's whole A tile and its
  grid column's whole B tile, so A and B elements are held by 2 or 4 invocations and Length is the
  tile's rows * cols / 32. Plain where the scope is not 1, 2, 4 or 8 warps or the tile is not whole
  8 x 8 blocks (8 x 16 / 16 x 8 for 8-bit A / B). A write to one copy of a replicated element
  (`with_elements`) changes the matrix, which every copy reads: the emulator holds matrices whole.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from dxlinalg.coopmat import matrix_rules as rules
from dxlinalg.coopmat.matrix_type import CoopMatrix, CoopMatType, MatrixUse
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.profile.model import CooperativeMatrixSettings

WARP = 32
PADDING = -1


@dataclass(frozen=True)
class OwnershipMap:
    """Where each element of one matrix type lives among `scope_size` invocations.

    `element_of_slot[invocation, index]` is the row-major element number held there, or -1 for a
    padding slot; `slot_of_element[e]` is the first slot (invocation * length + index) that holds e."""

    type: CoopMatType
    scope_size: int
    length: int
    element_of_slot: np.ndarray      # (scope_size, length) int64
    slot_of_element: np.ndarray      # (rows * cols,) int64
    #: Every slot holds the element of its own number (plain maps without padding): fragments are then the
    #: row-major elements themselves, and `to_fragments`/`from_fragments` reshape instead of gathering.
    in_order: bool = False

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


def cooperative_matrix_length(matrix_type: CoopMatType, scope_size: int,
                              settings: CooperativeMatrixSettings | None = None) -> int:
    """OpCooperativeMatrixLengthKHR: components of `matrix_type` each of `scope_size` invocations accesses.

    Without settings: ceil(rows * cols / scope_size), every element held once. With them: the
    profile's map's Length, which is larger where it holds elements several times (nvidia_mma's
    workgroup-scope A and B)."""
    if settings is not None:
        return ownership_map(matrix_type, scope_size, settings).length
    return -(-matrix_type.rows * matrix_type.cols // rules.check_scope_size(scope_size, "OpCooperativeMatrixLengthKHR"))


def ownership_map(matrix_type: CoopMatType, scope_size: int, settings: CooperativeMatrixSettings) -> OwnershipMap:
    """The map the profile's `coopmat` settings choose for `matrix_type` over `scope_size` invocations."""
    if not isinstance(matrix_type, CoopMatType):
        raise InvalidArgumentError(f"ownership map: {matrix_type!r} is not a CoopMatType")
    rules.check_scope_size(scope_size, "ownership map")
    return _cached_map(matrix_type, int(scope_size), settings.ownership, int(settings.ownership_seed))


@lru_cache(maxsize=512)
def _cached_map(matrix_type: CoopMatType, scope_size: int, ownership: str, seed: int) -> OwnershipMap:
    holders = nvidia_mma_holders(matrix_type, scope_size) if ownership == "nvidia_mma" else None
    if holders is not None:
        element_of_slot = holders[0] * matrix_type.cols + holders[1]
        length = element_of_slot.shape[1]
        flat = element_of_slot.reshape(-1)
        slot_of_element = np.empty(matrix_type.rows * matrix_type.cols, np.int64)
        slot_of_element[flat[::-1]] = np.arange(flat.size - 1, -1, -1)          # the first holder's slot
    else:
        length = cooperative_matrix_length(matrix_type, scope_size)
        slot_of_element = scrambled_slots(matrix_type, scope_size, length, seed) if ownership == "scrambled" \
            else plain_slots(matrix_type)
        flat = np.full(scope_size * length, PADDING, np.int64)
        flat[slot_of_element] = np.arange(slot_of_element.size)
        element_of_slot = flat.reshape(scope_size, length)
    for table in (slot_of_element, element_of_slot):
        table.flags.writeable = False
    in_order = bool(np.array_equal(element_of_slot.reshape(-1), np.arange(element_of_slot.size)))
    return OwnershipMap(matrix_type, scope_size, length, element_of_slot, slot_of_element, in_order)


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


def nvidia_mma_grid(scope_size: int) -> tuple[int, int] | None:
    """How the H100 splits a matrix among the warps of a scope: (warp rows, warp columns), or None."""
    return {WARP: (1, 1), 2 * WARP: (1, 2), 4 * WARP: (2, 2), 8 * WARP: (2, 4)}.get(scope_size)


def nvidia_mma_k_per_lane(matrix_type: CoopMatType) -> int:
    """Consecutive k a lane holds: quads for 8-bit A and B (m16n8k32), pairs otherwise."""
    eight_bit_operand = matrix_type.component.itemsize == 1 and matrix_type.use != MatrixUse.MatrixAccumulatorKHR
    return 4 if eight_bit_operand else 2


def nvidia_mma_fragment(matrix_type: CoopMatType, tile_rows: int, tile_cols: int, lane: np.ndarray,
                        index: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(row, col) that `lane` of one warp holds at `index` in a tile_rows x tile_cols tile: mma.sync's
    m16n8k16 fragment (m16n8k32 for 8-bit A and B), repeated over the tile, k blocks first.

    lane = 4g + t holds `per` consecutive k at per * t (pairs; quads for 8-bit A/B) in every block of
    4 * per k, for the rows (A, Accumulator) or columns (B) g + 8j."""
    g, t = lane >> 2, lane & 3
    per = nvidia_mma_k_per_lane(matrix_type)
    k_blocks = (tile_rows if matrix_type.use == MatrixUse.MatrixBKHR else tile_cols) // (4 * per)
    k = per * t + index % per + 4 * per * ((index // per) % k_blocks)
    m = g + 8 * (index // (per * k_blocks))
    return (k, m) if matrix_type.use == MatrixUse.MatrixBKHR else (m, k)


def nvidia_mma_tile(matrix_type: CoopMatType, scope_size: int) -> tuple[int, int] | None:
    """The tile one warp holds (rows, cols), or None where the scope or the shape has no measured map.

    Warp w of a scope sits at (w // warp columns, w % warp columns) of `nvidia_mma_grid`; it holds its
    cell of an Accumulator, the whole grid row of A (every warp of that row holds a copy) and the
    whole grid column of B."""
    grid = nvidia_mma_grid(scope_size)
    if grid is None:
        return None
    use = matrix_type.use
    rows = matrix_type.rows if use == MatrixUse.MatrixBKHR else matrix_type.rows // grid[0]
    cols = matrix_type.cols if use == MatrixUse.MatrixAKHR else matrix_type.cols // grid[1]
    per = nvidia_mma_k_per_lane(matrix_type)
    k_rows, k_cols = (4 * per, 8) if use == MatrixUse.MatrixBKHR else (8, 4 * per)
    if (rows == 0 or cols == 0 or matrix_type.rows % rows or matrix_type.cols % cols or rows % k_rows
            or cols % k_cols):
        return None
    return rows, cols


def nvidia_mma_holders(matrix_type: CoopMatType, scope_size: int) -> tuple[np.ndarray, np.ndarray] | None:
    """(scope_size, length) row and column that each (invocation, index) holds under nvidia_mma, or None."""
    tile = nvidia_mma_tile(matrix_type, scope_size)
    if tile is None:
        return None
    tile_rows, tile_cols = tile
    grid_cols = nvidia_mma_grid(scope_size)[1]
    invocation = np.arange(scope_size, dtype=np.int64)[:, None]
    index = np.arange(tile_rows * tile_cols // WARP, dtype=np.int64)[None, :]
    warp, lane = invocation // WARP, invocation % WARP
    rows, cols = nvidia_mma_fragment(matrix_type, tile_rows, tile_cols, lane, index)
    if matrix_type.use != MatrixUse.MatrixBKHR:
        rows = rows + tile_rows * (warp // grid_cols)
    if matrix_type.use != MatrixUse.MatrixAKHR:
        cols = cols + tile_cols * (warp % grid_cols)
    return rows, cols


def holder_write_order(ownership: OwnershipMap, lowest_lane_last: bool = False) -> np.ndarray:
    """(rows * cols,) int64: when each element is last written if the invocations write element index by
    element index, invocations ascending (slot (v, i) at i * scope_size + v; with `lowest_lane_last`,
    descending: of one index's writes to an address the lowest invocation's lands, as one store instruction
    of an NVIDIA warp does)."""
    slots = ownership.element_of_slot
    invocations = np.arange(ownership.scope_size)
    if lowest_lane_last:
        invocations = invocations[::-1]
    when = np.arange(slots.shape[1])[None, :] * ownership.scope_size + invocations[:, None]
    order = np.full(ownership.type.rows * ownership.type.cols, -1, np.int64)
    held = slots >= 0
    np.maximum.at(order, slots[held], when[held])
    return order


def store_write_order(ownership: OwnershipMap, settings: CooperativeMatrixSettings, block_store: bool = False
                      ) -> np.ndarray | None:
    """The order in which a tensor store's writes to one address land, as the profile's
    `store_conflict_order` says (`block_store`: a store through a block size > 1 in permissive mode, whose
    order `store_block_size = blocks_lowest_lane` sets): None keeps the core's element order."""
    if block_store and settings.store_block_size == "blocks_lowest_lane":
        return holder_write_order(ownership, lowest_lane_last=True)
    if settings.store_conflict_order == "row_major":
        return None
    return holder_write_order(ownership, settings.store_conflict_order == "holder_lowest_lane")


# -- values per invocation -------------------------------------------------------------------------------
#: Whether maps `in_order` move fragments by reshaping; the tests turn it off to compare with the gathers that
#: define `to_fragments` and `from_fragments`.
fragment_reshapes = True


def to_fragments(matrix: CoopMatrix, ownership: OwnershipMap) -> np.ndarray:
    """(instances, scope_size, length) of the component type: each invocation's components; padding is 0."""
    _check_map_fits(matrix, ownership, "to_fragments")
    values = matrix.values.reshape(matrix.instances, -1)
    if ownership.in_order and fragment_reshapes:
        return values.reshape(matrix.instances, ownership.scope_size, ownership.length).copy()
    held = np.take(values, np.maximum(ownership.element_of_slot, 0), axis=1)      # C order: lanes reshape freely
    if ownership.valid.all():
        return held
    return np.where(ownership.valid, held, np.zeros((), matrix.type.component))


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
    if ownership.in_order and fragment_reshapes:
        flat = values.reshape(values.shape[0], -1).copy()
    else:
        flat = np.take(values.reshape(values.shape[0], -1), ownership.slot_of_element, axis=1)
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
