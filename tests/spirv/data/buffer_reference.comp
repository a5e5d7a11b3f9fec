#version 450
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// PhysicalStorageBuffer pointers: a linked list walked per lane, and pointer arithmetic.
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Node { Node next; int value; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Floats { float data[]; };
layout(local_size_x = 16) in;
layout(push_constant) uniform Push { Node head; Floats samples; } push;
layout(set = 0, binding = 0) buffer Out { int sums[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    Node node = push.head;
    int total = 0;
    for (uint hop = 0; hop < i % 5 + 1 && uint64_t(node) != 0; ++hop) {
        total += node.value;
        node = node.next;
    }
    sums[i] = total;
    Floats shifted = Floats(uint64_t(push.samples) + 4ul * uint64_t(i));
    shifted.data[0] = shifted.data[0] * 2.0;
}
