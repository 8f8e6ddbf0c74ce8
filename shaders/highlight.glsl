// The light's highlight at a slope (src/lib/core/light.hpp), for the passes
// that draw with the light on (LIGHT); #included.
uniform vec3 u_halfway;       // between the light and the viewer, x right, y down, z up
uniform float u_lightStrength;
uniform float u_normalScale;  // kNormalScale

// The power kShininess = 180 by squaring, as raisedToTheShininess() there.
float highlight(float dx, float dy) {
    vec3 normal = normalize(vec3(dx * u_normalScale, dy * u_normalScale, 1.0));
    float x = max(dot(normal, u_halfway), 0.0);
    float x2 = x * x, x4 = x2 * x2, x8 = x4 * x4, x16 = x8 * x8, x32 = x16 * x16, x64 = x32 * x32, x128 = x64 * x64;
    return u_lightStrength * (x128 * x32 * x16 * x4);
}
