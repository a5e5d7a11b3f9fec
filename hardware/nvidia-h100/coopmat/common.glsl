// Shared by the probe shaders of this folder (included by build.py, not by the GLSL preprocessor:
// the C API of the bundled glslang has no include path). Defines given by build.py:
//   T      the component type (float16_t, float, double, bfloat16_t, int8_t, uint8_t, int32_t, uint32_t)
//   SCOPE  gl_ScopeSubgroup or gl_ScopeWorkgroup
//   TO_U32(x) an element as a uint32 (its integer value for the index matrices)
#extension GL_KHR_memory_scope_semantics : enable
#extension GL_KHR_cooperative_matrix : enable
#extension GL_KHR_shader_subgroup_basic : enable
#extension GL_EXT_shader_explicit_arithmetic_types : enable
#extension GL_EXT_shader_16bit_storage : enable
#extension GL_EXT_shader_8bit_storage : enable
