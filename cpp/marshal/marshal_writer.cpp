#include "marshal/marshal_writer.hpp"

#include <cstdint>
#include <cstring>
#include <vector>

#include "code/error.hpp"

namespace depyf {

namespace {

// Type codes of Python/marshal.c (the subset that constants and code
// objects use; every one is read the same way by 3.8 to 3.13).
constexpr char kNone = 'N';
constexpr char kFalse = 'F';
constexpr char kTrue = 'T';
constexpr char kEllipsis = '.';
constexpr char kStopIteration = 'S';
constexpr char kInt = 'i';
constexpr char kLong = 'l';
constexpr char kBinaryFloat = 'g';
constexpr char kBinaryComplex = 'y';
constexpr char kBytes = 's';
constexpr char kUnicode = 'u';
constexpr char kTuple = '(';
constexpr char kList = '[';
constexpr char kDict = '{';
constexpr char kFrozenDict = '}';  // 3.15+
constexpr char kDictEnd = '0';
constexpr char kSlice = ':';  // 3.14+
constexpr char kSet = '<';
constexpr char kFrozenSet = '>';
constexpr char kCode = 'c';

// Nesting deeper than this is not real code; it would only exhaust the stack.
constexpr int kMaxDepth = 200;

class MarshalWriter {
 public:
  std::string take() { return std::move(out_); }

  void code(const CodeObject& code, int depth) {
    if (!is_supported(code.version)) throw Error("cannot write a code object of Python " + code.version.to_string());
    out_ += kCode;
    int32(code.argcount);
    int32(code.posonlyargcount);
    int32(code.kwonlyargcount);
    if (code.version.minor <= 10) int32(code.nlocals);
    int32(code.stacksize);
    int32(static_cast<std::int32_t>(code.flags));
    bytes(code.code);
    sequence(kTuple, code.consts, depth);
    str_tuple(code.names);
    if (code.version.minor <= 10) {
      str_tuple(code.varnames);
      str_tuple(code.freevars);
      str_tuple(code.cellvars);
    } else {
      str_tuple(code.localsplus_names);
      bytes(std::string(code.localsplus_kinds.begin(), code.localsplus_kinds.end()));
    }
    str(code.filename);
    str(code.name);
    if (code.version.minor >= 11) str(code.qualname);
    int32(code.firstlineno);
    bytes(code.linetable);
    if (code.version.minor >= 11) bytes(code.exceptiontable);
  }

 private:
  void int32(std::int32_t value) {
    const auto bits = static_cast<std::uint32_t>(value);
    for (int shift = 0; shift < 32; shift += 8) out_ += static_cast<char>((bits >> shift) & 0xff);
  }

  void size(std::size_t value) {
    if (value > 0x7fffffff) throw Error("object too large for marshal");
    int32(static_cast<std::int32_t>(value));
  }

  void float64(double value) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    for (int shift = 0; shift < 64; shift += 8) out_ += static_cast<char>((bits >> shift) & 0xff);
  }

  void bytes(const std::string& raw) {
    out_ += kBytes;
    size(raw.size());
    out_ += raw;
  }

  // The text is UTF-8 with lone surrogates as 3-byte sequences, which is
  // what marshal's "surrogatepass" decoding of TYPE_UNICODE expects.
  void str(const std::string& utf8) {
    out_ += kUnicode;
    size(utf8.size());
    out_ += utf8;
  }

  void str_tuple(const std::vector<std::string>& strings) {
    out_ += kTuple;
    size(strings.size());
    for (const auto& s : strings) str(s);
  }

  void sequence(char type, const std::vector<ConstantPtr>& items, int depth) {
    out_ += type;
    size(items.size());
    for (const auto& item : items) object(*item, depth + 1);
  }

  void integer(const std::string& decimal) {
    const bool negative = !decimal.empty() && decimal[0] == '-';
    std::vector<int> digits;  // decimal digits, most significant first
    for (char c : decimal.substr(negative ? 1 : 0)) {
      if (c < '0' || c > '9') throw Error("int constant '" + decimal + "' is not decimal");
      digits.push_back(c - '0');
    }
    // Base 2**15 digits, least significant first, by repeated division.
    std::vector<std::uint16_t> limbs;
    while (!digits.empty()) {
      std::vector<int> quotient;
      int remainder = 0;
      for (int d : digits) {
        const int current = remainder * 10 + d;
        if (!quotient.empty() || current >= 32768) quotient.push_back(current / 32768);
        remainder = current % 32768;
      }
      limbs.push_back(static_cast<std::uint16_t>(remainder));
      digits = std::move(quotient);
    }
    while (!limbs.empty() && limbs.back() == 0) limbs.pop_back();
    // Small values use TYPE_INT, as marshal itself writes them.
    if (limbs.size() <= 3) {
      std::int64_t magnitude = 0;
      for (std::size_t i = limbs.size(); i-- > 0;) magnitude = (magnitude << 15) | limbs[i];
      const std::int64_t value = negative ? -magnitude : magnitude;
      if (value >= INT32_MIN && value <= INT32_MAX) {
        out_ += kInt;
        int32(static_cast<std::int32_t>(value));
        return;
      }
    }
    out_ += kLong;
    const auto count = static_cast<std::int32_t>(limbs.size());
    int32(negative ? -count : count);
    for (std::uint16_t limb : limbs) {
      out_ += static_cast<char>(limb & 0xff);
      out_ += static_cast<char>(limb >> 8);
    }
  }

  void object(const Constant& c, int depth) {
    if (depth > kMaxDepth) throw Error("constants nested too deeply to write");
    switch (c.kind) {
      case Constant::Kind::None: out_ += kNone; return;
      case Constant::Kind::Ellipsis: out_ += kEllipsis; return;
      case Constant::Kind::StopIteration: out_ += kStopIteration; return;
      case Constant::Kind::Bool: out_ += c.boolean ? kTrue : kFalse; return;
      case Constant::Kind::Int: integer(c.text); return;
      case Constant::Kind::Float:
        out_ += kBinaryFloat;
        float64(c.real);
        return;
      case Constant::Kind::Complex:
        out_ += kBinaryComplex;
        float64(c.real);
        float64(c.imag);
        return;
      case Constant::Kind::Bytes: bytes(c.text); return;
      case Constant::Kind::Str: str(c.text); return;
      case Constant::Kind::Tuple: sequence(kTuple, c.items, depth); return;
      case Constant::Kind::List: sequence(kList, c.items, depth); return;
      case Constant::Kind::Set: sequence(kSet, c.items, depth); return;
      case Constant::Kind::FrozenSet: sequence(kFrozenSet, c.items, depth); return;
      case Constant::Kind::Dict:
      case Constant::Kind::FrozenDict:
        out_ += c.kind == Constant::Kind::Dict ? kDict : kFrozenDict;
        for (std::size_t i = 0; i + 1 < c.items.size(); i += 2) {
          object(*c.items[i], depth + 1);
          object(*c.items[i + 1], depth + 1);
        }
        out_ += kDictEnd;
        return;
      case Constant::Kind::Code:
        if (!c.code) throw Error("code constant without a code object");
        code(*c.code, depth + 1);
        return;
      case Constant::Kind::Slice:
        out_ += kSlice;
        for (const ConstantPtr& part : c.items) object(*part, depth + 1);
        return;
      case Constant::Kind::Opaque: throw Error("constant " + c.text + " has no marshal form");
    }
    throw Error("unknown constant kind");
  }

  std::string out_;
};

}  // namespace

std::string write_marshal_code(const CodeObject& code) {
  MarshalWriter writer;
  writer.code(code, 0);
  return writer.take();
}

}  // namespace depyf
