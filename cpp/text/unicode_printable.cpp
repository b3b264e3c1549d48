#include "text/unicode_printable.hpp"

#include <algorithm>

#include "text/unicode_printable_table.hpp"

namespace depyf {

bool is_printable_code_point(char32_t code_point, PythonVersion version) {
  if (code_point >= 0x20 && code_point < 0x7F) return true;
  if (code_point > 0x10FFFF) return false;
  const PythonVersion nearest = std::clamp(version, kOldestSupported, kNewestSupported);
  const auto version_bit = static_cast<std::uint8_t>(1u << (nearest.minor - kOldestSupported.minor));
  const NonPrintableRange* begin = kNonPrintableRanges;
  const NonPrintableRange* end = kNonPrintableRanges + kNonPrintableRangeCount;
  // The first range that ends at or after the code point.
  const NonPrintableRange* range =
      std::lower_bound(begin, end, code_point, [](const NonPrintableRange& r, char32_t cp) { return r.last < cp; });
  if (range == end || code_point < range->first) return true;
  return (range->version_mask & version_bit) == 0;
}

}  // namespace depyf
