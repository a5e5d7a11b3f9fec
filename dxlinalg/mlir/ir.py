"""The parsed kernel: operations, regions and blocks, as MLIR's generic form has them.

Whatever form the text used (generic or custom), an operation ends up the same: its name, operand names and types,
result names and types, one attribute dictionary (properties and discardable attributes together, Python values),
regions and successor blocks, and where it starts. Result packs (`%x:2 = ...`) name their results `%x#0`, `%x#1`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from dxlinalg.nvgpu.types import Location, Type


@dataclass(eq=False)
class Operation:
    name: str
    operands: list[str]
    operand_types: list[Type]
    results: list[str]
    result_types: list[Type]
    attributes: dict[str, object]
    regions: list[Region]
    successors: list[str]
    location: Location

    def walk(self) -> Iterator[Operation]:
        """This operation and every operation nested in its regions, in textual order."""
        yield self
        for region in self.regions:
            for block in region.blocks:
                for operation in block.operations:
                    yield from operation.walk()

    def __repr__(self) -> str:
        return f"<{self.name} at {self.location}>"


@dataclass(eq=False)
class Block:
    label: str | None
    arguments: list[tuple[str, Type]]
    operations: list[Operation] = field(default_factory=list)
    location: Location | None = None


@dataclass(eq=False)
class Region:
    blocks: list[Block]


@dataclass(eq=False)
class Module:
    """The top-level operations of the text (the body of its `module`, if it has one)."""

    operations: list[Operation]
    text: str

    def walk(self) -> Iterator[Operation]:
        for operation in self.operations:
            yield from operation.walk()
