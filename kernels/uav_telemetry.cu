// Per-report conformance features of a UAV fleet's position telemetry at a ground control
// station or an unmanned-traffic-management service: MAVLink GLOBAL_POSITION_INT messages
// (message 33, as PX4 and ArduPilot vehicles stream them) against each vehicle's home point
// and geofence, with ArduPilot's flat-earth Location::get_distance_NE arithmetic (blind check
// set 18: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind18/ once recorded). Input: the decoded payloads as an array of 28 B
// records in MAVLink's wire order (time_boot_ms, lat and lon in 1e-7 degrees, alt and
// relative_alt in mm, vx, vy, vz in cm/s north-east-down, hdg in centidegrees, 65535 when
// unknown; the words travel as uint32 on the host). One report per thread, reading the
// fields it needs through the struct: three 4 B loads (lat, lon, relative_alt) and four
// 2 B loads (vx, vy, vz, hdg) of its record, 20 of its 28 bytes. North = dlat s and east =
// dlon s cos(mid latitude) (s = 0.011131884502145034 m per 1e-7 degree, ArduPilot's
// LOCATION_SCALING_FACTOR, the longitude scale clamped to at least 0.01 and the longitude
// difference taken across the antimeridian as diff_longitude does), the ground speed in m/s
// and the course over ground in degrees [0, 360) by atan2f, stored as one 16 B vector; an
// int32 of flags: 1 outside the circular fence (horizontal distance > radius), 2 above the
// altitude ceiling (relative_alt > ceiling_mm), 4 descending faster than the limit (vz >
// max_descent in cm/s), 8 heading unknown. float32 (cosf, atan2f, sqrtf): within the
// manifest's tolerance of the reference's float64. 1-D: the block is linearized.
#include "common.cuh"

struct GlobalPositionInt {  // 28 B, MAVLink GLOBAL_POSITION_INT payload in wire order
    unsigned time_boot_ms;
    int lat, lon;  // 1e-7 degrees
    int alt, relative_alt;  // mm
    short vx, vy, vz;  // cm/s, NED
    unsigned short hdg;  // centidegrees, 65535 unknown
};

extern "C" __global__ void uav_telemetry(const unsigned* __restrict__ report_words,
                                         float* __restrict__ features,
                                         int* __restrict__ flags, long long n, int home_lat,
                                         int home_lon, float fence_radius_m, int ceiling_mm,
                                         int max_descent_cms) {
    const long long i = ga_linear();
    if (i >= n) {
        return;
    }
    const GlobalPositionInt* m = reinterpret_cast<const GlobalPositionInt*>(report_words) + i;
    const float scaling = 0.011131884502145034f;  // m per 1e-7 degree of latitude
    const float deg_to_rad = 0.017453292519943295f;
    const int lat = m->lat, lon = m->lon;
    long long dlon = (long long)lon - home_lon;  // diff_longitude
    if ((lon ^ home_lon) < 0) {  // opposite signs: the shorter way round
        if (dlon > 1800000000LL) {
            dlon -= 3600000000LL;
        } else if (dlon < -1800000000LL) {
            dlon += 3600000000LL;
        }
    }
    const float mid_lat = 0.5f * (float)((long long)lat + home_lat);
    const float lon_scale = fmaxf(cosf(mid_lat * (1.0e-7f * deg_to_rad)), 0.01f);
    const float north = (float)((long long)lat - home_lat) * scaling;
    const float east = (float)dlon * scaling * lon_scale;
    const float vn = (float)m->vx, ve = (float)m->vy;
    const float speed = sqrtf(vn * vn + ve * ve) * 0.01f;
    float course = atan2f(ve, vn) * (180.0f / 3.14159265358979f);
    if (course < 0.0f) {
        course += 360.0f;
    }
    reinterpret_cast<float4*>(features)[i] = make_float4(north, east, speed, course);
    int flag = 0;
    if (sqrtf(north * north + east * east) > fence_radius_m) {
        flag |= 1;
    }
    if (m->relative_alt > ceiling_mm) {
        flag |= 2;
    }
    if (m->vz > max_descent_cms) {
        flag |= 4;
    }
    if (m->hdg == 65535) {
        flag |= 8;
    }
    flags[i] = flag;
}
