// Marshal's TYPE_LONG payload: a magnitude in base 2**15 digits, least
// significant first. The code model keeps ints as decimal text (they can be
// of any size), so the conversion to decimal happens here.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace depyf {

// The conversion is quadratic in the digit count, so the reader refuses
// longs above this size rather than stall on hostile input. 2**15 digits is
// about 148,000 decimal digits, far beyond what any compiler emits.
inline constexpr std::size_t kMaxMarshalLongDigits = std::size_t{1} << 15;

// `digits` are 15-bit values, least significant first, the last one non-zero
// (or none at all for zero).
std::string marshal_long_to_decimal(const std::vector<std::uint16_t>& digits, bool negative);

}  // namespace depyf
