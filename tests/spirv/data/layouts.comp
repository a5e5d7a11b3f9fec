#version 450
// std140 uniform block with row- and column-major matrices and padded arrays, std430 structs,
// push constants, specialization constants and a spec-constant workgroup size.
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const int SCALE = 2;
layout(constant_id = 2) const bool USE_OFFSET = true;
layout(constant_id = 3) const float BIAS = 0.5;
const int DOUBLED = SCALE * 2;

struct Particle { vec3 position; float mass; ivec2 cell; };
layout(std140, set = 0, binding = 0) uniform Params {
    layout(row_major) mat4 rows;
    layout(column_major) mat3x2 columns;
    float weights[4];
    vec3 offset;
} params;
layout(std430, set = 0, binding = 1) buffer Particles { Particle particles[]; };
layout(std430, set = 0, binding = 2) buffer Out { vec4 out_values[]; };
layout(push_constant) uniform Push { uint count; float gain; } push;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= push.count) return;
    Particle p = particles[i];
    vec4 transformed = params.rows * vec4(p.position, p.mass);
    vec2 projected = params.columns * p.position;
    float weight = params.weights[i % 4] * float(DOUBLED);
    vec3 shift = USE_OFFSET ? params.offset : vec3(0.0);
    out_values[i] = transformed * push.gain + vec4(projected, weight, float(p.cell.x - p.cell.y) + BIAS) +
                    vec4(shift, 0.0);
    particles[i].cell = p.cell.yx;
}
