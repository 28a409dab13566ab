# The hardware interface, written once: what every backend gives the
# firmware as `hw` (fireboard.hw_rp2 on a Pico with MicroPython,
# fireboard.hw_circuitpython on an RP2040 board with CircuitPython,
# simboard.hw on the virtual board). main.py hands the backend's class to
# fireboard.board.run, which makes it with the configuration: Hardware(cfg).
#
#   hw.output(gpio)      push-pull output, starts low; .value(v)   (mux select lines)
#   hw.input(gpio)       input with the internal pull-up; .value() -> 0/1
#                        (island mux outputs, the two buttons to GND)
#   hw.adc(gpio)         .read_u16() -> 0..65535 (GP26..GP28)
#   hw.strip(gpio, n)    .write(rgb): rgb is 3*n bytes R, G, B per LED in chain
#                        order, already dimmed and capped; sent as GRB (WS2812B)
#   hw.settle_us(us)     busy-waits at least us microseconds
#   hw.ticks_ms()        milliseconds, wrapping at 2**30 as MicroPython's
#                        time.ticks_ms does; differences with
#                        fireice.ticks.ticks_diff
#   hw.clock()           the RTC's local time as a tuple (year, month, day,
#                        hour, minute, second, ...), or None while nobody has
#                        set it (a year before 2025: a Pico's RTC starts at
#                        2021-01-01 at power-up, CircuitPython's at 2000-01-01)
#   hw.set_clock(y, mo, d, h, mi, s, wd)   sets it (wd 0 = Monday)
#   hw.gpio_registers()  optional: machine.mem32, for reading the muxes through
#                        the SIO registers (fireboard.hw_rp2 has it), or None
#                        (the virtual board without Pico time); on a Pico the
#                        colour front end also reads the ADC through its
#                        registers and settles on the TIMER's counter
#                        (fireboard.sense_colour); a stand-in offers words
#                        for them instead (out_xor, adc_words, adc_sim)
#   hw.timer(ms, fn, t=None)  optional: starts a hard periodic timer
#                        interrupt that calls fn(timer) every ms milliseconds,
#                        also during a garbage collection (fn must not
#                        allocate); returns the timer, whose deinit() stops
#                        it; t, a timer it returned before, is started again
#                        (without allocating). With it
#                        hw.disable_irq() -> state and hw.enable_irq(state)
#                        (machine's) fence what the loop reads of the
#                        interrupt's work. fireboard.hw_rp2 has them
#                        (machine.Timer(hard=True)), the virtual board at Pico
#                        time too; CircuitPython has no such timer, and
#                        without one the main loop scans
#                        (fireboard.sense_irqscan)
#
# GPIO numbers are the RP2040's (a Pico's GP numbers: hardware/pinmap.json).
