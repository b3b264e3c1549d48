// parse_exception_table: dis._parse_exception_table (3.11+). Each entry is
// four varints (start, length, target in code units; depth << 1 | lasti),
// 6 bits per byte, most significant chunk first, 0x40 = more chunks follow.
// The 0x80 bit marks the first byte of an entry; like dis we do not rely on
// it, we read entries back to back.
#include <climits>
#include <cstdint>

#include "bytecode/instruction.hpp"
#include "code/error.hpp"

namespace depyf {

namespace {

class VarintReader {
 public:
  explicit VarintReader(const std::string& data) : data_(data) {}

  bool at_end() const { return pos_ >= data_.size(); }

  std::int64_t next() {
    std::int64_t value = byte() & 63;
    int chunk = last_;
    while (chunk & 64) {
      // A compiler never writes a value past 2**31; stop long before the
      // shift could overflow.
      if (value > (std::int64_t{1} << 40)) throw Error("exception table varint too large");
      chunk = byte();
      value = (value << 6) | (chunk & 63);
    }
    return value;
  }

 private:
  int byte() {
    if (pos_ >= data_.size()) throw Error("exception table truncated in the middle of an entry");
    last_ = static_cast<std::uint8_t>(data_[pos_++]);
    return last_;
  }

  const std::string& data_;
  std::size_t pos_ = 0;
  int last_ = 0;
};

int code_units_to_bytes(std::int64_t units) {
  if (units > INT_MAX / 2) throw Error("exception table offset out of range");
  return static_cast<int>(units * 2);
}

}  // namespace

std::vector<ExceptionTableEntry> parse_exception_table(const CodeObject& code) {
  std::vector<ExceptionTableEntry> entries;
  if (code.version.minor <= 10) return entries;  // block stack, no table
  VarintReader reader(code.exceptiontable);
  while (!reader.at_end()) {
    ExceptionTableEntry entry;
    entry.start = code_units_to_bytes(reader.next());
    const int length = code_units_to_bytes(reader.next());
    if (entry.start > INT_MAX - length) throw Error("exception table range out of range");
    entry.end = entry.start + length;  // dis: end = start + length (all versions)
    entry.target = code_units_to_bytes(reader.next());
    const std::int64_t depth_lasti = reader.next();
    if (depth_lasti > INT_MAX) throw Error("exception table depth out of range");
    entry.depth = static_cast<int>(depth_lasti >> 1);
    entry.lasti = (depth_lasti & 1) != 0;
    entries.push_back(entry);
  }
  return entries;
}

}  // namespace depyf
