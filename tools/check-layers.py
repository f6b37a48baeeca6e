#!/usr/bin/env python3
"""Fails when an #include goes against the layer order (STYLE.md):
bindings -> graph -> compiler -> runtime -> kernels, with base under all of them."""
import os, re, sys
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'src', 'cpp')
order = ['bindings', 'graph', 'compiler', 'runtime', 'kernels', 'base']
bad = []
for layer in order:
    for dirpath, _, files in os.walk(os.path.join(root, layer)):
        for f in files:
            path = os.path.join(dirpath, f)
            for n, line in enumerate(open(path, encoding='utf-8'), 1):
                m = re.match(r'\s*#include\s+"(\w+)/', line)
                if m and m.group(1) in order and order.index(m.group(1)) < order.index(layer):
                    bad.append(f'{os.path.relpath(path, root)}:{n}: {layer} may not include {m.group(1)}/')
for b in bad: print(b)
print(f'check-layers: {len(bad)} violations')
sys.exit(1 if bad else 0)
