// The single place the GL loader header is included; every gfx source that calls gl* includes this.
#pragma once

#include <glad/gl.h>
