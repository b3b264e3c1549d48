// Constants of a code object, version-neutral. One flat struct with a kind tag
// rather than a std::variant: the consumers (printer, decompiler, JSON) mostly
// switch on the kind, and the flat shape keeps that code short.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace depyf {

struct CodeObject;
struct Constant;
using ConstantPtr = std::shared_ptr<const Constant>;

struct Constant {
  enum class Kind {
    None,
    Ellipsis,
    StopIteration,  // marshal TYPE_STOPITER; never in real code, kept for completeness
    Bool,
    Int,        // text holds the decimal digits, with a leading '-' if negative
    Float,      // real
    Complex,    // real, imag
    Bytes,      // text holds the raw bytes
    Str,        // text holds UTF-8; lone surrogates are kept as CESU-style 3-byte sequences
    Tuple,      // items
    List,       // items (marshal data only, never in co_consts)
    Set,        // items (marshal data only)
    FrozenSet,  // items, in stored order
    Dict,       // items as key, value, key, value ... (marshal data only)
    FrozenDict, // items as for Dict (3.15+ marshal data only)
    Slice,      // items: start, stop, step (3.14+ co_consts)
    Code,       // code
    Opaque,     // an object with no literal form (live code only): text = repr, opaque_index = index in co_consts (also set on live Code constants)
  };

  Kind kind = Kind::None;
  bool boolean = false;
  double real = 0.0;
  double imag = 0.0;
  std::string text;
  std::vector<ConstantPtr> items;
  std::shared_ptr<const CodeObject> code;
  int opaque_index = -1;

  static ConstantPtr make_none();
  static ConstantPtr make_ellipsis();
  static ConstantPtr make_bool(bool value);
  static ConstantPtr make_int(std::string decimal);
  static ConstantPtr make_float(double value);
  static ConstantPtr make_complex(double real, double imag);
  static ConstantPtr make_bytes(std::string raw);
  static ConstantPtr make_str(std::string utf8);
  static ConstantPtr make_sequence(Kind kind, std::vector<ConstantPtr> items);
  // index: the position in the live code's co_consts (-1 when unknown), so
  // that a code object used as a plain value can be named like an Opaque.
  static ConstantPtr make_code(std::shared_ptr<const CodeObject> code, int index = -1);
  static ConstantPtr make_opaque(int index, std::string repr);
};

}  // namespace depyf
