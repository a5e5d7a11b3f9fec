import pytest

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.memory.address_space import GUARD_GAP, PLACEMENT_ALIGNMENT, AddressSpace


def test_buffers_are_placed_64k_aligned_above_4gib_with_gaps_between():
    space = AddressSpace()
    a, b = space.allocate(100, "a"), space.allocate(70_000, "b")
    assert a.address % PLACEMENT_ALIGNMENT == 0 and a.address >= 2**32
    assert b.address >= a.address + PLACEMENT_ALIGNMENT + GUARD_GAP
    assert space.resolve(b.address + 10, 4, "load") == (b, 10)


def test_stray_addresses_are_reported_with_the_address():
    space = AddressSpace()
    a = space.allocate(256, "weights")
    with pytest.raises(UndefinedBehaviorError, match=f"0x{a.address + 300:x} is not inside any live resource"):
        space.resolve(a.address + 300, 4, "load")
    with pytest.raises(UndefinedBehaviorError, match="runs past the end of weights"):
        space.resolve(a.address + 250, 16, "load")
    with pytest.raises(UndefinedBehaviorError, match="not inside any live resource"):
        space.resolve(a.address - 16, 4, "load")


def test_released_buffers_no_longer_resolve():
    space = AddressSpace()
    a = space.allocate(64, "old")
    space.release(a)
    with pytest.raises(UndefinedBehaviorError, match="released old"):
        space.resolve(a.address, 4, "store")


def test_views_are_bounds_checked_and_writes_bump_the_version():
    space = AddressSpace()
    a = space.allocate(32)
    a.view(0, 32)[:] = 7
    a.mark_written()
    assert a.version == 1 and a.data.sum() == 7 * 32
    with pytest.raises(UndefinedBehaviorError, match=r"bytes \[16, 48\) are outside"):
        a.view(16, 32)


def test_empty_allocations_are_rejected():
    with pytest.raises(InvalidArgumentError, match="must be positive"):
        AddressSpace().allocate(0)
