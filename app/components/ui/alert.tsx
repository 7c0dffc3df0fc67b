import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

const alertVariants = cva("rounded-lg border p-4 text-sm [&_p]:leading-relaxed", {
  variants: {
    variant: {
      default: "border-border bg-muted text-foreground",
      destructive: "border-red-300 bg-red-50 text-red-900",
      success: "border-green-300 bg-green-50 text-green-900",
    },
  },
  defaultVariants: { variant: "default" },
});

export function Alert({ className, variant, ...props }: ComponentProps<"div"> & VariantProps<typeof alertVariants>) {
  return <div data-slot="alert" role="alert" className={cn(alertVariants({ variant }), className)} {...props} />;
}

export function AlertTitle({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("font-semibold", className)} {...props} />;
}
