#include "marshal/marshal_long.hpp"

#include <cstdio>

namespace depyf {

namespace {

constexpr std::uint32_t kLimbBase = 1'000'000'000;  // decimal limbs of 9 digits each

// limbs = limbs * factor + addend, with factor <= 2**30 so that
// limb * factor + carry stays below 2**64.
void multiply_add(std::vector<std::uint32_t>& limbs, std::uint64_t factor, std::uint64_t addend) {
  std::uint64_t carry = addend;
  for (auto& limb : limbs) {
    const std::uint64_t value = std::uint64_t{limb} * factor + carry;
    limb = static_cast<std::uint32_t>(value % kLimbBase);
    carry = value / kLimbBase;
  }
  while (carry != 0) {
    limbs.push_back(static_cast<std::uint32_t>(carry % kLimbBase));
    carry /= kLimbBase;
  }
}

}  // namespace

std::string marshal_long_to_decimal(const std::vector<std::uint16_t>& digits, bool negative) {
  if (digits.empty()) return "0";
  std::vector<std::uint32_t> limbs;  // least significant first
  limbs.reserve(digits.size() / 2 + 2);
  std::size_t index = digits.size();
  // Two 15-bit digits per pass halves the passes over the limbs.
  if (index % 2 == 1) {
    --index;
    multiply_add(limbs, std::uint64_t{1} << 15, digits[index]);
  }
  while (index >= 2) {
    index -= 2;
    const std::uint64_t pair = (std::uint64_t{digits[index + 1]} << 15) | digits[index];
    multiply_add(limbs, std::uint64_t{1} << 30, pair);
  }
  std::string text = negative ? "-" : "";
  if (limbs.empty()) return "0";
  text += std::to_string(limbs.back());
  for (std::size_t i = limbs.size() - 1; i-- > 0;) {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "%09u", static_cast<unsigned>(limbs[i]));
    text += buffer;
  }
  return text;
}

}  // namespace depyf
