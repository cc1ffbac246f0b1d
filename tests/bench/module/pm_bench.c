// SPDX-License-Identifier: GPL-2.0
/*
 * make bench's load: n platform devices with a driver that does nothing,
 * built out of tree against both stock 6.1 and the patched kernel, so that
 * both do the same null work in a system transition: the driver's noirq
 * dev_pm_ops on stock, the power-state table's move (a null ->power) on
 * the patched kernel with table=1 (one table shared by all devices) or
 * table=2 (a table per device).  With runtime_loops, device 0 is runtime
 * suspended and resumed that many times (through its table, with one) and
 * the mean time of a suspend and of a resume is printed, from ktime.
 */
#include <linux/ktime.h>
#include <linux/module.h>
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

static int pm_bench_probe(struct platform_device *pdev)
{
	pm_runtime_set_active(&pdev->dev);
	pm_runtime_enable(&pdev->dev);
	return 0;
}

static int pm_bench_remove(struct platform_device *pdev)
{
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
	u64 down = 0, up = 0;
	unsigned int i;
	ktime_t t;

	pm_runtime_get_sync(dev);
	for (i = 0; i < runtime_loops; i++) {
		t = ktime_get();
		pm_runtime_put_sync_suspend(dev);
		down += ktime_to_ns(ktime_sub(ktime_get(), t));
		t = ktime_get();
		pm_runtime_get_sync(dev);
		up += ktime_to_ns(ktime_sub(ktime_get(), t));
	}
	pm_runtime_put(dev);
	pr_info("pm_bench: runtime suspend %llu ns resume %llu ns (mean of %u, table=%u)\n",
		div_u64(down, runtime_loops), div_u64(up, runtime_loops),
		runtime_loops, table);
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
