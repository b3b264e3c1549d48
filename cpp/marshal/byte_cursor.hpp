// Bounds-checked little-endian reads over untrusted bytes. Every read that
// would run past the end throws depyf::Error naming the offset, so the
// parsers built on it never index the buffer themselves.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace depyf {

class ByteCursor {
 public:
  explicit ByteCursor(std::string_view data, std::size_t offset = 0) : data_(data), offset_(offset) {}

  std::size_t offset() const { return offset_; }
  std::size_t remaining() const { return data_.size() - offset_; }

  // `what` names the field in the error message ("type code", "string size" ...).
  std::uint8_t read_u8(const char* what);
  std::uint16_t read_u16(const char* what);
  std::uint32_t read_u32(const char* what);
  std::int32_t read_i32(const char* what);
  std::uint64_t read_u64(const char* what);
  std::int64_t read_i64(const char* what);
  double read_f64(const char* what);
  std::string_view read_bytes(std::size_t count, const char* what);

 private:
  void require(std::size_t count, const char* what) const;
  std::uint64_t read_le(std::size_t count, const char* what);

  std::string_view data_;
  std::size_t offset_ = 0;
};

}  // namespace depyf
