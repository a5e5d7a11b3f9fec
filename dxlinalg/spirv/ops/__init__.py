"""The opcode handlers, one module per instruction class; importing this package registers them all."""

from dxlinalg.spirv.ops import (  # noqa: F401  # noqa: F401,E402  # noqa: F401,E402
    arithmetic,
    atomics,
    barrier,
    bits,
    composite,
    conversion,
    cooperative_matrix,
    cooperative_matrix_nv2,
    cooperative_vector,
    extended,
    glsl,
    memory,
    relational,
    replicated_composites,
    subgroup,
    tensor_addressing,
)
