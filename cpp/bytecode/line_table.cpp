// line_ranges (code.co_lines()) and line_starts (dis.findlinestarts) for the
// three line-table formats:
//   3.8/3.9  co_lnotab: (byte delta, signed line delta) pairs;
//   3.10     co_linetable: (byte delta, signed line delta) pairs where a
//            line delta of -128 means "no line" for that range;
//   3.11+    location table: entries of 1..8 code units, first byte
//            1kkkkLLL (k = kind, L = length - 1), kind-specific payload.
// Offsets and lines are computed in int64 and checked, so corrupt tables
// produce depyf::Error instead of overflow.
#include <climits>
#include <cstdint>

#include "bytecode/instruction.hpp"
#include "code/error.hpp"

namespace depyf {

namespace {

using LineStarts = std::vector<std::pair<int, std::optional<int>>>;

int checked_int(std::int64_t value, const char* what) {
  if (value > INT_MAX || value < INT_MIN) throw Error(std::string("line table ") + what + " out of range");
  return static_cast<int>(value);
}

std::uint8_t byte_at(const std::string& table, std::size_t pos) {
  if (pos >= table.size()) throw Error("line table truncated");
  return static_cast<std::uint8_t>(table[pos]);
}

// ---------------------------------------------------------------- 3.8/3.9

LineStarts lnotab_line_starts(const CodeObject& code) {
  // dis.findlinestarts of 3.8/3.9, step for step: a start is reported when
  // the address moves and the line differs from the last one reported.
  LineStarts starts;
  const std::string& table = code.linetable;
  const std::int64_t code_size = static_cast<std::int64_t>(code.code.size());
  std::optional<std::int64_t> last_line;
  std::int64_t line = code.firstlineno;
  std::int64_t addr = 0;
  for (std::size_t i = 0; i + 1 < table.size(); i += 2) {  // zip() drops an odd byte
    const int byte_delta = static_cast<std::uint8_t>(table[i]);
    const int line_delta = static_cast<std::int8_t>(table[i + 1]);
    if (byte_delta != 0) {
      if (line != last_line) {
        starts.emplace_back(checked_int(addr, "offset"), checked_int(line, "line"));
        last_line = line;
      }
      addr += byte_delta;
      // The remaining entries are past the end of the code: optimised away.
      if (addr >= code_size) return starts;
    }
    line += line_delta;
  }
  if (line != last_line) starts.emplace_back(checked_int(addr, "offset"), checked_int(line, "line"));
  return starts;
}

std::vector<LineRange> ranges_from_starts(const LineStarts& starts, int code_size) {
  std::vector<LineRange> ranges;
  for (std::size_t i = 0; i < starts.size(); ++i) {
    const int start = starts[i].first;
    const int end = i + 1 < starts.size() ? starts[i + 1].first : code_size;
    if (end > start) ranges.push_back(LineRange{start, end, starts[i].second});
  }
  return ranges;
}

// ------------------------------------------------------------------- 3.10

std::vector<LineRange> linetable_310_ranges(const CodeObject& code) {
  // PyLineTable_NextAddressRange of 3.10: every pair advances the range;
  // empty ranges are skipped (they only carry a line delta). A line delta
  // of -128 leaves the running line unchanged and marks the range lineless.
  std::vector<LineRange> ranges;
  const std::string& table = code.linetable;
  ranges.reserve(table.size() / 2);  // entries are mostly 2 bytes or more
  std::int64_t end = 0;
  std::int64_t line = code.firstlineno;
  std::size_t pos = 0;
  // A range's line, or -1 for none: lineiter_next reports any negative line
  // as None, so one sentinel covers both (and, unlike an optional, keeps
  // GCC's -Wmaybe-uninitialized quiet about the inlined lambda).
  auto advance = [&](std::int64_t& start, std::int64_t& range_line) {
    const int byte_delta = byte_at(table, pos);
    const int line_delta = static_cast<std::int8_t>(byte_at(table, pos + 1));
    pos += 2;
    start = end;
    end += byte_delta;
    if (line_delta == -128) {
      range_line = -1;
    } else {
      line += line_delta;
      range_line = line;
    }
  };
  while (pos < table.size()) {
    std::int64_t start = 0;
    std::int64_t range_line = -1;
    advance(start, range_line);
    // CPython asserts a table never ends on an empty range; we just stop.
    while (start == end && pos < table.size()) advance(start, range_line);
    if (start == end) break;
    LineRange range{checked_int(start, "offset"), checked_int(end, "offset"), std::nullopt};
    if (range_line >= 0) range.line = checked_int(range_line, "line");
    ranges.push_back(range);
  }
  return ranges;
}

// ------------------------------------------------------------------ 3.11+

enum LocationKind {
  kOneLine0 = 10,
  kOneLine1 = 11,
  kOneLine2 = 12,
  kNoColumns = 13,
  kLong = 14,
  kNoLocation = 15,
};

// codeobject.c's scan_varint: 6-bit chunks, least significant first, into
// an unsigned 32-bit value (chunks beyond 32 bits fall off).
std::uint32_t scan_varint(const std::string& table, std::size_t pos) {
  std::uint32_t chunk = byte_at(table, pos);
  std::uint32_t value = chunk & 63;
  unsigned shift = 0;
  while (chunk & 64) {
    chunk = byte_at(table, ++pos);
    shift += 6;
    if (shift >= 64) throw Error("line table varint too long");
    if (shift < 32) value |= (chunk & 63) << shift;
  }
  return value;
}

std::int64_t scan_signed_varint(const std::string& table, std::size_t pos) {
  const std::uint32_t value = scan_varint(table, pos);
  const std::int64_t magnitude = value >> 1;
  return (value & 1) ? -magnitude : magnitude;
}

// get_line_delta: how far the entry at `pos` moves the running line.
std::int64_t line_delta(const std::string& table, std::size_t pos) {
  const int kind = (byte_at(table, pos) >> 3) & 15;
  switch (kind) {
    case kNoLocation: return 0;
    case kNoColumns:
    case kLong: return scan_signed_varint(table, pos + 1);
    case kOneLine0: return 0;
    case kOneLine1: return 1;
    case kOneLine2: return 2;
    default: return 0;  // short forms: same line
  }
}

// One range per location entry, exactly as codeobject.c's advance() walks
// the table: the next entry starts at the next byte with bit 7 set (not
// after the payload length the kind implies; the two agree for tables the
// compiler writes). A line of -1 is how CPython spells "no line".
std::vector<LineRange> location_table_entries(const CodeObject& code) {
  std::vector<LineRange> ranges;
  const std::string& table = code.linetable;
  ranges.reserve(table.size() / 2);  // entries are mostly 2 bytes or more
  std::int64_t end = 0;
  std::int64_t line = code.firstlineno;
  const int minor = code.version.minor;
  std::size_t pos = 0;
  while (pos < table.size()) {
    const std::uint8_t first = byte_at(table, pos);
    line += line_delta(table, pos);
    checked_int(line, "line");
    const bool no_line = (first >> 3) == 0x1f;  // marker bit and kind 15
    const std::int64_t start = end;
    end += ((first & 7) + 1) * 2;
    do {
      ++pos;
    } while (pos < table.size() && (static_cast<std::uint8_t>(table[pos]) & 128) == 0);
    LineRange range{checked_int(start, "offset"), checked_int(end, "offset"), std::nullopt};
    // "No line" is -1 inside CPython; 3.11's co_lines() reports every
    // negative line as None, 3.12+ only -1.
    const bool reported = minor == 11 ? line >= 0 : line != -1;
    if (!no_line && reported) range.line = static_cast<int>(line);
    ranges.push_back(range);
  }
  return ranges;
}

// 3.12+ lineiter_next merges neighbouring entries that have the same line.
std::vector<LineRange> merge_same_lines(const std::vector<LineRange>& entries) {
  std::vector<LineRange> merged;
  for (const LineRange& entry : entries) {
    if (!merged.empty() && merged.back().line == entry.line) {
      merged.back().end = entry.end;
    } else {
      merged.push_back(entry);
    }
  }
  return merged;
}

}  // namespace

std::vector<LineRange> line_ranges(const CodeObject& code) {
  if (code.version.minor <= 9) {
    return ranges_from_starts(lnotab_line_starts(code), static_cast<int>(code.code.size()));
  }
  if (code.version.minor == 10) return linetable_310_ranges(code);
  std::vector<LineRange> entries = location_table_entries(code);
  if (code.version.minor == 11) return entries;
  return merge_same_lines(entries);
}

std::vector<std::pair<int, std::optional<int>>> line_starts(const CodeObject& code) {
  if (code.version.minor <= 9) return lnotab_line_starts(code);
  LineStarts starts;
  if (code.version.minor >= 13) {
    // 3.13: `line is not lastline` with lastline starting as False, so None
    // lines are reported too. Neighbouring ranges never share a line (they
    // are merged), so this reports every range where the line changes.
    bool first = true;
    std::optional<int> last;
    for (const LineRange& range : line_ranges(code)) {
      if (first || range.line != last) starts.emplace_back(range.start, range.line);
      first = false;
      last = range.line;
    }
    return starts;
  }
  // 3.10-3.12: skip ranges without a line and repeats of the last line.
  std::optional<int> last;
  for (const LineRange& range : line_ranges(code)) {
    if (range.line && range.line != last) {
      starts.emplace_back(range.start, range.line);
      last = range.line;
    }
  }
  return starts;
}

}  // namespace depyf
