"""The opcode handlers, one module per instruction class; importing this package registers them all."""

from dxlinalg.spirv.ops import (  # noqa: F401
    arithmetic,
    bits,
    composite,
    conversion,
    memory,
    relational,
)
from dxlinalg.spirv.ops import extended, glsl  # noqa: F401,E402
from dxlinalg.spirv.ops import atomics, barrier, subgroup  # noqa: F401,E402
