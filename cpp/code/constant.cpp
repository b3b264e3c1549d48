#include "code/constant.hpp"

#include "code/code_object.hpp"

namespace depyf {

namespace {

std::shared_ptr<Constant> make(Constant::Kind kind) {
  auto constant = std::make_shared<Constant>();
  constant->kind = kind;
  return constant;
}

}  // namespace

ConstantPtr Constant::make_none() { return make(Kind::None); }

ConstantPtr Constant::make_ellipsis() { return make(Kind::Ellipsis); }

ConstantPtr Constant::make_bool(bool value) {
  auto c = make(Kind::Bool);
  c->boolean = value;
  return c;
}

ConstantPtr Constant::make_int(std::string decimal) {
  auto c = make(Kind::Int);
  c->text = std::move(decimal);
  return c;
}

ConstantPtr Constant::make_float(double value) {
  auto c = make(Kind::Float);
  c->real = value;
  return c;
}

ConstantPtr Constant::make_complex(double real, double imag) {
  auto c = make(Kind::Complex);
  c->real = real;
  c->imag = imag;
  return c;
}

ConstantPtr Constant::make_bytes(std::string raw) {
  auto c = make(Kind::Bytes);
  c->text = std::move(raw);
  return c;
}

ConstantPtr Constant::make_str(std::string utf8) {
  auto c = make(Kind::Str);
  c->text = std::move(utf8);
  return c;
}

ConstantPtr Constant::make_sequence(Kind kind, std::vector<ConstantPtr> items) {
  auto c = make(kind);
  c->items = std::move(items);
  return c;
}

ConstantPtr Constant::make_code(std::shared_ptr<const CodeObject> code, int index) {
  auto c = make(Kind::Code);
  c->code = std::move(code);
  c->opaque_index = index;
  return c;
}

ConstantPtr Constant::make_opaque(int index, std::string repr) {
  auto c = make(Kind::Opaque);
  c->opaque_index = index;
  c->text = std::move(repr);
  return c;
}

}  // namespace depyf
