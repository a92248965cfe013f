// Rounded rectangles with a border, one instance each; the quad's corners come from
// vertex_index, so the draw needs no vertex buffer beyond the instances.

struct Viewport {
    size: vec2<f32>,
    unused: vec2<f32>,
};

@group(0) @binding(0) var<uniform> viewport: Viewport;

struct Instance {
    @location(0) origin: vec2<f32>,
    @location(1) size: vec2<f32>,
    @location(2) fill: vec4<f32>,
    @location(3) border: vec4<f32>,
    @location(4) radius_border: vec2<f32>,
};

struct VertexOut {
    @builtin(position) position: vec4<f32>,
    // Pixel offset from the rectangle's centre.
    @location(0) local: vec2<f32>,
    @location(1) half_size: vec2<f32>,
    @location(2) fill: vec4<f32>,
    @location(3) border: vec4<f32>,
    @location(4) radius_border: vec2<f32>,
};

@vertex
fn vs_main(@builtin(vertex_index) index: u32, instance: Instance) -> VertexOut {
    var corners = array<vec2<f32>, 6>(
        vec2<f32>(0.0, 0.0), vec2<f32>(1.0, 0.0), vec2<f32>(0.0, 1.0),
        vec2<f32>(0.0, 1.0), vec2<f32>(1.0, 0.0), vec2<f32>(1.0, 1.0),
    );
    let corner = corners[index];
    let half_size = instance.size * 0.5;
    // One pixel of slack on each side leaves room for the anti-aliased edge.
    let local = (corner * 2.0 - 1.0) * (half_size + 1.0);
    let pixel = instance.origin + half_size + local;
    let ndc = vec2<f32>(pixel.x / viewport.size.x * 2.0 - 1.0, 1.0 - pixel.y / viewport.size.y * 2.0);
    var out: VertexOut;
    out.position = vec4<f32>(ndc, 0.0, 1.0);
    out.local = local;
    out.half_size = half_size;
    out.fill = instance.fill;
    out.border = instance.border;
    out.radius_border = instance.radius_border;
    return out;
}

@fragment
fn fs_main(in: VertexOut) -> @location(0) vec4<f32> {
    let radius = min(in.radius_border.x, min(in.half_size.x, in.half_size.y));
    let q = abs(in.local) - in.half_size + vec2<f32>(radius);
    // Signed distance to the rounded rectangle's edge: negative inside.
    let distance = length(max(q, vec2<f32>(0.0))) + min(max(q.x, q.y), 0.0) - radius;
    let coverage = clamp(0.5 - distance, 0.0, 1.0);
    let inside_border = clamp(0.5 - (distance + in.radius_border.y), 0.0, 1.0);
    let color = mix(in.border, in.fill, inside_border);
    return vec4<f32>(color.rgb, color.a * coverage);
}
