// The generated table behind is_printable_code_point (see
// tools/gen_unicode_printable.py). Sorted, non-overlapping ranges.
#pragma once

#include <cstddef>
#include <cstdint>

namespace depyf {

struct NonPrintableRange {
  char32_t first;
  char32_t last;
  std::uint8_t version_mask;  // bit (minor - 8): non-printable in Python 3.<minor>
};

extern const NonPrintableRange kNonPrintableRanges[];
extern const std::size_t kNonPrintableRangeCount;

}  // namespace depyf
