#include "marshal/magic_numbers.hpp"

#include <array>

namespace depyf {

namespace {

struct MagicRange {
  std::uint16_t first;
  std::uint16_t last;
  int minor;
};

// Up to 3.10 a version's range runs from its first magic to just before the
// next version's; 3.11 fixed the scheme at 2900 + 50 * minor.
constexpr std::array<MagicRange, 11> kPython3Ranges{{
    {3000, 3139, 0},
    {3140, 3159, 1},
    {3160, 3189, 2},
    {3190, 3249, 3},
    {3250, 3319, 4},
    {3320, 3359, 5},
    {3360, 3389, 6},
    {3390, 3399, 7},
    {3400, 3419, 8},
    {3420, 3429, 9},
    {3430, 3449, 10},
}};

constexpr int kFirstFiftyStepMinor = 11;
constexpr int kLastPlausibleMinor = 99;

struct LegacyMagic {
  std::uint16_t first;
  std::uint16_t last;
  const char* release;
};

constexpr std::array<LegacyMagic, 10> kPython1And2Ranges{{
    {20121, 20121, "1.5"},
    {50428, 50428, "1.6"},
    {50823, 50823, "2.0"},
    {60202, 60202, "2.1"},
    {60717, 60717, "2.2"},
    {62011, 62021, "2.3"},
    {62041, 62061, "2.4"},
    {62071, 62131, "2.5"},
    {62151, 62161, "2.6"},
    {62171, 62211, "2.7"},
}};

}  // namespace

std::optional<PythonVersion> python3_version_for_magic(std::uint16_t magic) {
  for (const auto& range : kPython3Ranges) {
    if (magic >= range.first && magic <= range.last) return PythonVersion{3, range.minor};
  }
  const int first_fifty_step = 2900 + 50 * kFirstFiftyStepMinor;
  if (magic >= first_fifty_step) {
    const int minor = (magic - 2900) / 50;
    if (minor <= kLastPlausibleMinor) return PythonVersion{3, minor};
  }
  return std::nullopt;
}

std::string release_name_for_magic(std::uint16_t magic) {
  if (const auto version = python3_version_for_magic(magic)) return version->to_string();
  for (const auto& range : kPython1And2Ranges) {
    if (magic >= range.first && magic <= range.last) return range.release;
  }
  return "";
}

}  // namespace depyf
