// SPDX-License-Identifier: GPL-2.0
/*
 * make bench's load: n platform devices with a driver that does nothing,
 * built out of tree against both stock 6.1 and the patched kernel, so that
 * both do the same null work in a system transition: the driver's noirq
 * dev_pm_ops on stock, the power-state table's move (a null ->power) on
 * the patched kernel with table=1 (one table shared by all devices) or
 * table=2 (a table per device).  With runtime_loops, device 0 is runtime
 * suspended and resumed that many times (through its table, with one) and
 * the mean time of a suspend and of a resume is printed, from ktime.  With
 * sleep_loops, the callbacks the PM core would run for each device in one
 * suspend and resume are run that many times, outside a transition, and
 * their mean time per device is printed: what the table's PM domain costs
 * beside the driver's own callbacks, without the noise of a whole
 * transition under emulation.  With primitives, the cost of what a move
 * cannot do without is printed for scale: a clock read, an uncontended
 * mutex, a walk of the children of a device that has none.
 */
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/platform_device.h>
#include <linux/pm_runtime.h>
#include <linux/slab.h>
#ifdef CONFIG_PM_STATE
#include <linux/pm_state.h>
#endif

static unsigned int n;
module_param(n, uint, 0444);
static unsigned int table;
module_param(table, uint, 0444);
static unsigned int runtime_loops;
module_param(runtime_loops, uint, 0444);
static unsigned int sleep_loops;
module_param(sleep_loops, uint, 0444);
static bool primitives;
module_param(primitives, bool, 0444);

static struct platform_device **devs;

static int pm_bench_null(struct device *dev)
{
	return 0;
}

#ifdef CONFIG_PM_STATE
static struct pm_state pm_bench_on = { .name = "on", .state = PM_STATE_NO_VALUE };
static struct pm_state pm_bench_off = {
	.name = "off", .state = PM_STATE_NO_VALUE, .context_lost = true,
};

static const struct pm_state *pm_bench_supports[] = { &pm_bench_on, &pm_bench_off };
static struct pm_state_table pm_bench_table = {
	.num_states = 2,
	.supports = pm_bench_supports,
	.system = {
		[pm_sys_ON] = &pm_bench_on,
		[pm_sys_STANDBY] = &pm_bench_off,
		[pm_sys_SUSPEND] = &pm_bench_off,
	},
};

static void pm_bench_table_release(struct pm_state_table *t)
{
	kfree(t);
}

static struct pm_state_table *pm_bench_table_for(void)
{
	struct pm_state_table *t;

	if (table == 1)
		return &pm_bench_table;
	t = kmemdup(&pm_bench_table, sizeof(*t), GFP_KERNEL);
	if (t) {
		kref_init(&t->kref);
		t->release = pm_bench_table_release;
	}
	return t;
}

static int pm_bench_save(struct device *dev, const struct pm_state *state)
{
	return 0;
}

static int pm_bench_restore(struct device *dev)
{
	return 0;
}

static int pm_bench_power(struct device *dev, const struct pm_state *state)
{
	return 0;
}

static const struct pm_state_driver_ops pm_bench_state_ops = {
	.save = pm_bench_save,
	.restore = pm_bench_restore,
	.power = pm_bench_power,
};

static int pm_bench_attach(struct platform_device *pdev)
{
	struct pm_state_table *t;
	int ret;

	if (!table)
		return 0;
	t = pm_bench_table_for();
	if (!t)
		return -ENOMEM;
	ret = dev_pm_state_attach(&pdev->dev, t);
	pm_state_table_put(t);
	return ret;
}
#else
static int pm_bench_attach(struct platform_device *pdev)
{
	return table ? -EOPNOTSUPP : 0;
}
#endif

/* Without a table the noirq callbacks are the null work; with one, ->power. */
static const struct dev_pm_ops pm_bench_pm_ops = {
	.suspend_noirq = pm_bench_null,
	.resume_noirq = pm_bench_null,
	.runtime_suspend = pm_bench_null,
	.runtime_resume = pm_bench_null,
};

static const struct dev_pm_ops pm_bench_table_pm_ops = {
	.runtime_suspend = pm_bench_null,
	.runtime_resume = pm_bench_null,
};

/*
 * A working device: active, and held so by its driver, on both kernels,
 * so that a system transition moves it from its operational state (a
 * device runtime PM suspended before would already be in its sleep
 * state, and stock would skip its callbacks).
 */
static int pm_bench_probe(struct platform_device *pdev)
{
	pm_runtime_set_active(&pdev->dev);
	pm_runtime_enable(&pdev->dev);
#ifdef CONFIG_PM_STATE
	/* It counts its users: the table need not hold it on until parked. */
	pm_state_runtime_let_go(&pdev->dev);
#endif
	pm_runtime_get_noresume(&pdev->dev);
	return 0;
}

static int pm_bench_remove(struct platform_device *pdev)
{
	pm_runtime_put_noidle(&pdev->dev);
	pm_runtime_disable(&pdev->dev);
	return 0;
}

static struct platform_driver pm_bench_driver = {
	.probe = pm_bench_probe,
	.remove = pm_bench_remove,
	.driver = {
		.name = "pm_bench",
		.pm = &pm_bench_pm_ops,
#ifdef CONFIG_PM_STATE
		.pm_state = &pm_bench_state_ops,
#endif
	},
};

static void pm_bench_runtime(struct device *dev)
{
	unsigned int i, missed = 0;
	u64 down = 0, up = 0;
	ktime_t t;

	/* The driver's hold, taken at probe, becomes the loop's. */
	for (i = 0; i < runtime_loops; i++) {
		t = ktime_get();
		pm_runtime_put_sync_suspend(dev);
		down += ktime_to_ns(ktime_sub(ktime_get(), t));
		/* A put that suspends nothing would time nothing. */
		missed += !pm_runtime_status_suspended(dev);
		t = ktime_get();
		pm_runtime_get_sync(dev);
		up += ktime_to_ns(ktime_sub(ktime_get(), t));
	}
	if (missed) {
		pr_err("pm_bench: runtime: %u of %u puts did not suspend (table=%u)\n",
		       missed, runtime_loops, table);
		return;
	}
	pr_info("pm_bench: runtime suspend %llu ns resume %llu ns (mean of %u, table=%u)\n",
		div_u64(down, runtime_loops), div_u64(up, runtime_loops),
		runtime_loops, table);
}

typedef int (*pm_bench_cb_t)(struct device *dev);

/*
 * The callback the PM core picks for @dev in the phase at @offset of
 * struct dev_pm_ops: that of its PM domain, type, class or bus, the first
 * of them that has dev_pm_ops, else its driver's.
 */
static void *pm_bench_pick(struct device *dev, size_t offset)
{
	const struct dev_pm_ops *ops = NULL;
	void *cb = NULL;

	if (dev->pm_domain)
		ops = &dev->pm_domain->ops;
	else if (dev->type && dev->type->pm)
		ops = dev->type->pm;
	else if (dev->class && dev->class->pm)
		ops = dev->class->pm;
	else if (dev->bus && dev->bus->pm)
		ops = dev->bus->pm;
	if (ops)
		cb = *(void **)((const void *)ops + offset);
	if (!cb && dev->driver && dev->driver->pm)
		cb = *(void **)((const void *)dev->driver->pm + offset);
	return cb;
}

#define PM_BENCH_PHASE(op) offsetof(struct dev_pm_ops, op)

static void pm_bench_call(struct device *dev, size_t offset)
{
	void (*complete)(struct device *dev);
	pm_bench_cb_t cb;

	if (offset == PM_BENCH_PHASE(complete)) {
		complete = pm_bench_pick(dev, offset);
		if (complete)
			complete(dev);
		return;
	}
	cb = pm_bench_pick(dev, offset);
	if (cb)
		cb(dev);
}

static void pm_bench_sleep(void)
{
	static const size_t phases[] = {
		PM_BENCH_PHASE(prepare), PM_BENCH_PHASE(suspend),
		PM_BENCH_PHASE(suspend_late), PM_BENCH_PHASE(suspend_noirq),
		PM_BENCH_PHASE(resume_noirq), PM_BENCH_PHASE(resume_early),
		PM_BENCH_PHASE(resume), PM_BENCH_PHASE(complete),
	};
	u64 ns[ARRAY_SIZE(phases)] = {}, all = 0;
	unsigned int l, p, i;
	ktime_t t;

	/* As the noirq suspend phase sets it for a device in use. */
	for (i = 0; i < n; i++)
		devs[i]->dev.power.must_resume = true;
	for (l = 0; l < sleep_loops; l++) {
		for (p = 0; p < ARRAY_SIZE(phases); p++) {
			t = ktime_get();
			for (i = 0; i < n; i++)
				pm_bench_call(&devs[i]->dev, phases[p]);
			ns[p] += ktime_to_ns(ktime_sub(ktime_get(), t));
		}
	}
	for (p = 0; p < ARRAY_SIZE(phases); p++) {
		ns[p] = div_u64(ns[p], sleep_loops * n);
		all += ns[p];
	}
	pr_info("pm_bench: sleep callbacks %llu ns per device (prepare %llu suspend %llu late %llu noirq %llu, resume noirq %llu early %llu resume %llu complete %llu; mean of %u cycles of %u devices, table=%u)\n",
		all, ns[0], ns[1], ns[2], ns[3], ns[4], ns[5], ns[6], ns[7],
		sleep_loops, n, table);
}

static DEFINE_MUTEX(pm_bench_mutex);

static int pm_bench_child(struct device *dev, void *data)
{
	return 0;
}

#define PM_BENCH_LOOPS 100000
#define PM_BENCH_TIME(what, expr)					\
	do {								\
		ktime_t t = ktime_get();				\
		unsigned int i;						\
									\
		for (i = 0; i < PM_BENCH_LOOPS; i++)			\
			expr;						\
		pr_info("pm_bench: primitive %s %lld ns\n", what,	\
			div_s64(ktime_to_ns(ktime_sub(ktime_get(), t)),	\
				PM_BENCH_LOOPS));			\
	} while (0)

static void pm_bench_primitives(struct device *dev)
{
	u64 sum = 0;

	PM_BENCH_TIME("clock", sum += ktime_get_boottime());
	PM_BENCH_TIME("mutex", ({ mutex_lock(&pm_bench_mutex);
				  mutex_unlock(&pm_bench_mutex); }));
	PM_BENCH_TIME("children", device_for_each_child(dev, NULL, pm_bench_child));
	/* Keeps the clock reads from being optimised away. */
	if (!sum)
		pr_info("pm_bench: no time passed\n");
}

static void pm_bench_del(unsigned int count)
{
	while (count--)
		platform_device_unregister(devs[count]);
	kfree(devs);
}

static int __init pm_bench_init(void)
{
	unsigned int i;
	int ret;

	pr_info("pm_bench: sizeof(struct device) %zu\n", sizeof(struct device));
	if (table)
		pm_bench_driver.driver.pm = &pm_bench_table_pm_ops;
	ret = platform_driver_register(&pm_bench_driver);
	if (ret)
		return ret;
	devs = kcalloc(n, sizeof(*devs), GFP_KERNEL);
	if (!devs && n) {
		platform_driver_unregister(&pm_bench_driver);
		return -ENOMEM;
	}
	for (i = 0; i < n; i++) {
		devs[i] = platform_device_alloc("pm_bench", i);
		ret = devs[i] ? pm_bench_attach(devs[i]) : -ENOMEM;
		if (!ret)
			ret = platform_device_add(devs[i]);
		if (ret) {
			platform_device_put(devs[i]);
			pm_bench_del(i);
			platform_driver_unregister(&pm_bench_driver);
			return ret;
		}
	}
	if (n && runtime_loops)
		pm_bench_runtime(&devs[0]->dev);
	if (n && sleep_loops)
		pm_bench_sleep();
	if (n && primitives)
		pm_bench_primitives(&devs[0]->dev);
	return 0;
}
module_init(pm_bench_init);

static void __exit pm_bench_exit(void)
{
	pm_bench_del(n);
	platform_driver_unregister(&pm_bench_driver);
}
module_exit(pm_bench_exit);

MODULE_DESCRIPTION("make bench's null-work devices");
MODULE_LICENSE("GPL");
