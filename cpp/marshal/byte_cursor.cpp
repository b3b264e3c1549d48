#include "marshal/byte_cursor.hpp"

#include <bit>
#include <string>

#include "code/error.hpp"

namespace depyf {

void ByteCursor::require(std::size_t count, const char* what) const {
  if (count <= remaining()) return;
  throw Error("truncated data: " + std::string(what) + " at offset " + std::to_string(offset_) + " needs " +
              std::to_string(count) + " bytes but only " + std::to_string(remaining()) + " remain");
}

std::uint64_t ByteCursor::read_le(std::size_t count, const char* what) {
  require(count, what);
  std::uint64_t value = 0;
  for (std::size_t i = 0; i < count; ++i) {
    value |= std::uint64_t{static_cast<unsigned char>(data_[offset_ + i])} << (8 * i);
  }
  offset_ += count;
  return value;
}

std::uint8_t ByteCursor::read_u8(const char* what) {
  return static_cast<std::uint8_t>(read_le(1, what));
}

std::uint16_t ByteCursor::read_u16(const char* what) {
  return static_cast<std::uint16_t>(read_le(2, what));
}

std::uint32_t ByteCursor::read_u32(const char* what) {
  return static_cast<std::uint32_t>(read_le(4, what));
}

// Unsigned-to-signed conversion is modular since C++20, so these are exact.
std::int32_t ByteCursor::read_i32(const char* what) {
  return static_cast<std::int32_t>(read_u32(what));
}

std::uint64_t ByteCursor::read_u64(const char* what) {
  return read_le(8, what);
}

std::int64_t ByteCursor::read_i64(const char* what) {
  return static_cast<std::int64_t>(read_u64(what));
}

double ByteCursor::read_f64(const char* what) {
  return std::bit_cast<double>(read_u64(what));
}

std::string_view ByteCursor::read_bytes(std::size_t count, const char* what) {
  require(count, what);
  const std::string_view bytes = data_.substr(offset_, count);
  offset_ += count;
  return bytes;
}

}  // namespace depyf
